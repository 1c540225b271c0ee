/// The events an ``Infallible`` can send: elements and at most one completion, never an error.
public enum InfallibleEvent<Element> {
  /// The next element.
  case next(Element)
  /// The sequence finished.
  case completed
}

extension InfallibleEvent: EventConvertible {
  /// The same event as an ``Event``.
  public var event: Event<Element> {
    switch self {
    case .next(let element): .next(element)
    case .completed: .completed
    }
  }
}

extension Infallible {
  /// The function ``create(subscribe:)`` hands each subscriber: call it with each event.
  public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

  /// Creates an infallible sequence from a function called for each subscriber.
  ///
  /// Events after `.completed` are ignored; disposing the subscription disposes what `subscribe`
  /// returned.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create(
    subscribe: @escaping @isolated(any) (@escaping InfallibleObserver) -> Disposable
  ) -> Infallible<Element> {
    let subscribe =
      Isolation.checked(subscribe, "create(subscribe:)")
    return Infallible(Observable.create { observer in subscribe { observer.on($0.event) } })
  }
}

extension InfallibleType {
  /// Subscribes a handler for each event (an element or the completion).
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    _ on: @escaping @isolated(any) (InfallibleEvent<Element>) -> Void
  ) -> Disposable {
    let on = Isolation.checked(on, "subscribe(_:)")
    return asObservable().subscribe { event in
      switch event {
      case .next(let element): on(.next(element))
      case .completed: on(.completed)
      case .error: break  // An infallible sequence never sends one.
      }
    }
  }
}
