/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closure for
/// each event and ignores everything after its first terminal event.
///
/// Subjects call it directly rather than through a closure, and its `on(_:)` is inlinable, so a
/// subject → subscriber delivery specializes fully in the subscriber's module.
@usableFromInline
final class ClosureObserver<Element>: ObserverType, @unchecked Sendable {
  // Unchecked: only `let`s and a `OnceFlag`; the closures run on whichever thread sends, as in RxSwift.
  @usableFromInline let stopped = OnceFlag()
  @usableFromInline let onNext: ((Element) -> Void)?
  @usableFromInline let onError: ((Swift.Error) -> Void)?
  @usableFromInline let onCompleted: (() -> Void)?
  @usableFromInline let onTerminated: Disposable?
  /// For ``Hooks/defaultErrorHandler``; captured, as in RxSwift, whenever
  /// ``Hooks/recordCallStackOnError`` is `true`.
  @usableFromInline let subscriptionCallStack: [String]

  /// - Parameter onTerminated: disposed right after the terminal event's closure ran.
  @usableFromInline
  init(
    onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
    onTerminated: Disposable?
  ) {
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.onTerminated = onTerminated
    self.subscriptionCallStack = Hooks.subscriptionCallStack()
  }

  @inlinable
  func onNext(_ element: Element) {
    if stopped.isSet { return }
    onNext?(element)
  }

  @inlinable
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      if stopped.isSet { return }
      onNext?(element)
    case .error(let error):
      guard stopped.set() else { return }
      if let onError {
        onError(error)
      } else {
        Hooks.reportUnhandled(error, subscriptionCallStack: subscriptionCallStack)
      }
      onTerminated?.dispose()
    case .completed:
      guard stopped.set() else { return }
      onCompleted?()
      onTerminated?.dispose()
    }
  }
}

/// An observer that hands every event to one closure and ignores everything after its first
/// terminal event.
final class AnonymousObserver<Element>: ObserverType, @unchecked Sendable {
  // Unchecked: only a `let` and a `OnceFlag`; the handler runs on whichever thread sends, as in RxSwift.
  private let stopped = OnceFlag()
  private let handler: (Event<Element>) -> Void

  init(_ handler: @escaping (Event<Element>) -> Void) {
    self.handler = handler
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next:
      if stopped.isSet { return }
      handler(event)
    case .error, .completed:
      if stopped.set() { handler(event) }
    }
  }
}
