import Streams

/// The Rx side of `Observable.events`: delivers what an ``ObservableEventsStateMachine`` queues
/// to the observer, after unlocking.
// The observer, in the state, is `AnyObserver`, which Streams makes Sendable; events reach it one
// at a time (see `drain`).
final class ObservableEventsStorage<Element: Sendable>: LockedEventsTarget<ObservableEventsStateMachine<Element>>,
  @unchecked Sendable
{
  // Unchecked: no stored state of its own; `LockedEventsTarget`'s machine is a `LockedState`.
  typealias Machine = ObservableEventsStateMachine<Element>

  init(observer: AnyObserver<Element>, reporter: DiagnosticReporter) {
    super.init(machine: Machine(observer: observer), reporter: reporter)
  }

  func dispose() {
    if let action = machine.withLock({ $0.disposed() }) { perform(action) }
  }

  override func perform(_ action: Machine.Action) {
    action.hook?.run()
    if let diagnostic = action.diagnostic { reporter.report(diagnostic) }
    if action.drain { drain() }
  }

  /// Delivers queued events until the queue is empty. Only one thread drains at a time (the state
  /// machine hands out the turn), which serializes delivery as the Rx contract requires; the lock
  /// is never held while the observer runs.
  private func drain() {
    machine.deliver(taking: { $0.nextToDeliver() }) { event, observer in
      switch event {
      case .next(let element): observer.onNext(element)
      case .completed: observer.onCompleted()
      case .failed(let error): observer.onError(error)
      }
    }
  }
}
