/// A sequence that cannot fail: the protocol of ``Infallible``, for operators declared once for
/// every infallible type, as in RxSwift.
///
/// Unlike RxSwift's, it refines ``ObservableType``, so an ``Infallible`` also has every observable
/// operator; the ones declared for `InfallibleType` are the more specific overloads and keep the
/// result infallible.
public protocol InfallibleType: ObservableType {}

/// A sequence that cannot fail: it sends elements and at most a completion.
///
/// Build one from an `Observable` by saying what to do with its errors
/// (``ObservableConvertibleType/asInfallible(onErrorJustReturn:)`` and friends), or with
/// ``Infallible/create(subscribe:isolation:file:line:)``. Subscribing needs no error handler.
public struct Infallible<Element>: ObservableConvertibleType, Sendable {
  let source: Observable<Element>

  init(_ source: Observable<Element>) {
    self.source = source
  }

  /// The sequence as a plain observable (which never sends `.error`).
  public func asObservable() -> Observable<Element> { source }

  /// Subscribes with closures for elements and completion; `onDisposed` runs exactly once.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    source.subscribe(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly).
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe<Object: AnyObject>(
    with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    source.subscribe(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file,
      line: line)
  }
}

extension Infallible: InfallibleType {
  /// Subscribes `observer`, which never receives `.error`.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }
}

extension ObservableConvertibleType {
  /// Turns this sequence into one that cannot fail: an error sends `element` and completes.
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    Infallible(asObservable().catchAndReturn(element))
  }

  /// Turns this sequence into one that cannot fail: an error switches to `infallible`.
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
    Infallible(asObservable().catch { _ in infallible.asObservable() })
  }

  /// Turns this sequence into one that cannot fail: an error switches to the sequence `handler`
  /// returns for it.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func asInfallible(
    onErrorRecover handler: @escaping (Swift.Error) -> Infallible<Element>, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  )
    -> Infallible<Element>
  {
    let handler =
      (isolation == nil ? handler : Isolation.guarded(handler, "asInfallible(onErrorRecover:)", isolation, file, line))
    return Infallible(asObservable().catch { handler($0).asObservable() })
  }
}
