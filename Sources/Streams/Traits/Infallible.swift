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
  public func asObservable() -> Observable<Element> { source }

  /// The events an ``Infallible`` can send.
  public enum InfallibleEvent {
    /// The next element.
    case next(Element)
    /// The sequence finished.
    case completed
  }

  /// Creates an infallible sequence from a function called for each subscriber.
  public static func create(subscribe: @escaping (@escaping (InfallibleEvent) -> Void) -> Disposable) -> Infallible {
    Infallible(
      Observable.create { observer in
        subscribe { event in
          switch event {
          case .next(let element): observer.onNext(element)
          case .completed: observer.onCompleted()
          }
        }
      })
  }

  /// An infallible sequence of one element that completes.
  public static func just(_ element: Element) -> Infallible { Infallible(.just(element)) }

  /// An infallible sequence of the given elements.
  public static func of(_ elements: Element...) -> Infallible { Infallible(.from(elements)) }

  /// An infallible sequence that completes at once.
  public static func empty() -> Infallible { Infallible(.empty()) }

  /// An infallible sequence that never sends anything.
  public static func never() -> Infallible { Infallible(.never()) }

  /// Subscribes with closures for elements and completion; `onDisposed` runs exactly once.
  public func subscribe(
    onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly).
  public func subscribe<Object: AnyObject>(
    with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Transforms each element; the transform cannot throw, so the result cannot fail either.
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
    Infallible<Result>(source.map(transform))
  }

  /// Passes on the elements for which `predicate` holds.
  public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible {
    Infallible(source.filter(predicate))
  }

  /// Maps each element to an infallible inner sequence and merges them.
  public func flatMap<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
    Infallible<Result>(source.flatMap { selector($0).asObservable() })
  }

  /// Maps each element to an infallible inner sequence, keeping only the newest one's events.
  public func flatMapLatest<Result>(_ selector: @escaping (Element) -> Infallible<Result>) -> Infallible<Result> {
    Infallible<Result>(source.flatMapLatest { selector($0).asObservable() })
  }
}

extension Infallible: ObservableType {
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
  public func asInfallible(onErrorRecover handler: @escaping (Swift.Error) -> Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(asObservable().catch { handler($0).asObservable() })
  }
}
