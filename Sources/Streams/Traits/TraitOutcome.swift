extension ObservableType {
  /// Subscribes `handler` to the first event only: the outcome of a trait, whose element (if any)
  /// is followed by a completion that the trait's callbacks do not report.
  func subscribeOutcome(_ handler: @escaping (Event<Element>) -> Void) -> Disposable {
    let reported = UncheckedBox(false)  // Serialized: events to one observer never overlap.
    return subscribe { event in
      if reported.value { return }
      reported.value = true
      handler(event)
    }
  }
}

/// The ending of a trait's `subscribe(on…:onDisposed:)`: the outcome's closure runs, then
/// `onDisposed` at once (inside the outcome's event, as in RxSwift), and an error without a
/// handler goes where an Observable's `subscribe(onNext:…)` sends it.
struct TraitOutcome {
  private let terminal: ClosureObserver<Swift.Never>
  private let disposed: Disposable?

  init(onError: ((Swift.Error) -> Void)?, onDisposed: (() -> Void)?) {
    disposed = onDisposed.map { AnonymousDisposable($0) }
    terminal = ClosureObserver(onNext: nil, onError: onError, onCompleted: nil, onTerminated: disposed)
  }

  /// Ends successfully: runs `handler`, then `onDisposed`.
  func finish(_ handler: (() -> Void)?) {
    handler?()
    terminal.on(.completed)
  }

  /// Ends with `error`: runs the error handler (or the unhandled-error hook), then `onDisposed`.
  func fail(_ error: Swift.Error) {
    terminal.on(.error(error))
  }

  /// The subscription to return: disposing it also runs `onDisposed`, if it has not run yet.
  func attach(_ subscription: Disposable) -> Disposable {
    guard let disposed else { return subscription }
    return Disposables.create(subscription, disposed)
  }
}
