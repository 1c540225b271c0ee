/// An observable sequence whose every subscription runs `work` in a new detached task.
///
/// The task never inherits the subscriber's actor, so subscribing from the main actor does not
/// run the work there. Events are sent from the task, one at a time. Disposing the subscription
/// cancels the task; from then on nothing is forwarded, including the `CancellationError` the
/// cancelled work may throw. An error thrown before that (even a `CancellationError` that nobody
/// asked for) becomes `onError`; returning normally becomes `onCompleted`.
final class AsyncWorkObservable<Element: Sendable>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  /// The work of one subscription. `emit` forwards an element and returns `false` once the
  /// subscription is disposed, when the work should stop.
  typealias Work = @Sendable (_ emit: (Element) -> Bool) async throws -> Void

  private let priority: TaskPriority?
  private let work: Work

  init(priority: TaskPriority?, work: @escaping Work) {
    self.priority = priority
    self.work = work
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    // Type-erased, so the detached task captures no metatype but `Element`'s, which is Sendable.
    let sink = AsyncWorkSink(observer: AnyObserver(observer), cancel: cancel)
    let work = self.work
    let task = Task.detached(priority: priority) {
      await sink.run(work)
    }
    return (sink, Disposables.create { task.cancel() })
  }
}

final class AsyncWorkSink<Element: Sendable>: Sink<AnyObserver<Element>>, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): no state of its own.
  /// Runs in the subscription's task; the only caller of `forwardOn`, so events are serialized.
  func run(_ work: AsyncWorkObservable<Element>.Work) async {
    do {
      try await work { element in
        forwardOn(.next(element))
        return !isDisposed
      }
      forwardOn(.completed)
    } catch {
      forwardOn(.error(error))
    }
    dispose()
  }
}
