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
  /// The function ``create(subscribe:isolation:file:line:)`` hands each subscriber: call it with each event.
  public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

  /// Creates an infallible sequence from a function called for each subscriber.
  ///
  /// Events after `.completed` are ignored; disposing the subscription disposes what `subscribe`
  /// returned.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public static func create(
    subscribe: @escaping (@escaping InfallibleObserver) -> Disposable, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Infallible<Element> {
    let subscribe =
      (isolation == nil ? subscribe : Isolation.guarded(subscribe, "create(subscribe:)", isolation, file, line))
    return Infallible(Observable.create { observer in subscribe { observer.on($0.event) } })
  }
}

extension InfallibleType {
  /// Subscribes a handler for each event (an element or the completion).
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    _ on: @escaping (InfallibleEvent<Element>) -> Void, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let on = (isolation == nil ? on : Isolation.guarded(on, "subscribe(_:)", isolation, file, line))
    return asObservable().subscribe { event in
      switch event {
      case .next(let element): on(.next(element))
      case .completed: on(.completed)
      case .error: break  // An infallible sequence never sends one.
      }
    }
  }
}
