extension ObservableType {
  /// A sequence that completes at once, with no elements.
  public static func empty() -> Observable<Element> {
    Terminal(.completed)
  }

  /// A sequence that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> Observable<Element> {
    Terminal(.error(error))
  }

  /// A sequence that never sends anything and never ends.
  public static func never() -> Observable<Element> {
    NeverObservable()
  }
}

/// Sends one terminal event on subscribe.
final class Terminal<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let event: Event<Element>

  init(_ event: Event<Element>) {
    self.event = event
  }

  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    observer.on(event)
    return Disposables.create()
  }
}

/// Sends nothing, ever.
final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): no stored state.
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    Disposables.create()
  }
}
