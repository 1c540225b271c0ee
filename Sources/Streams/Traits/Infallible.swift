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
/// ``Infallible/create(subscribe:)``. Subscribing needs no error handler.
public struct Infallible<Element>: ObservableConvertibleType, Sendable {
  let source: Observable<Element>

  init(_ source: Observable<Element>) {
    self.source = source
  }

  /// The sequence as a plain observable (which never sends `.error`).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asObservable() -> Observable<Element> { source }

  /// Subscribes with closures for elements and completion; `onDisposed` runs exactly once.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    onNext: (@isolated(any) (Element) -> Void)? = nil, onCompleted: (@isolated(any) () -> Void)? = nil,
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    source.subscribe(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe<Object: AnyObject>(
    with object: Object, onNext: (@isolated(any) (Object, Element) -> Void)? = nil,
    onCompleted: (@isolated(any) (Object) -> Void)? = nil,
    onDisposed: (@isolated(any) (Object) -> Void)? = nil
  ) -> Disposable {
    source.subscribe(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func asInfallible(
    onErrorRecover handler: @escaping @isolated(any) (Swift.Error) -> Infallible<Element>
  )
    -> Infallible<Element>
  {
    let handler =
      Isolation.checked(handler, "asInfallible(onErrorRecover:)")
    return Infallible(asObservable().catch { handler($0).asObservable() })
  }
}
