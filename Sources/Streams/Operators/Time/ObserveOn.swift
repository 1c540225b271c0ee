extension ObservableType where Element: Sendable {
  /// Delivers every event on `scheduler`, in order, one at a time.
  ///
  /// Events are queued and delivered by one recursive scheduled action, one event per step, as in
  /// RxSwift: on a `TestScheduler`, events that arrive together are delivered one tick apart. The
  /// subscription to the source is disposed when the terminal event is delivered. Disposing drops
  /// events not yet delivered.
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      ObserveOnPump(scheduler: scheduler, observer: observer).run(source)
    }
  }
}

/// The queue of one `observe(on:)` subscription and the recursive action that empties it.
///
/// Only the queue and the running flag are locked; each event is delivered outside the lock, and
/// the flag keeps one step running at a time, so delivery stays serial even on a concurrent
/// scheduler.
private final class ObserveOnPump<Element: Sendable>: @unchecked Sendable {
  private struct State {
    var queue = Queue<Event<Element>>()
    var running = false
  }

  private let scheduler: ImmediateSchedulerType
  private let observer: AnyObserver<Element>
  private let state = LockedState(State())
  private let subscription = SingleAssignmentDisposable()
  private let pump = SerialDisposable()

  init<Observer: ObserverType>(scheduler: ImmediateSchedulerType, observer: Observer)
  where Observer.Element == Element {
    self.scheduler = scheduler
    self.observer = AnyObserver(observer)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: received)))
    return Disposables.create(subscription, pump)
  }

  private func received(_ event: Event<Element>) {
    let start = state.withLock { state in
      state.queue.enqueue(event)
      defer { state.running = true }
      return !state.running
    }
    guard start else { return }
    pump.disposable = scheduler.scheduleRecursive(()) { [self] _, recurse in
      if deliverOne() { recurse(()) }
    }
  }

  /// Delivers the oldest event; returns whether another step should follow.
  private func deliverOne() -> Bool {
    let event = state.withLock { state -> Event<Element>? in
      if state.queue.isEmpty {
        state.running = false
        return nil
      }
      return state.queue.dequeue()
    }
    guard let event, !pump.isDisposed else { return false }
    observer.on(event)
    if event.isStopEvent {
      subscription.dispose()
      pump.dispose()
      return false
    }
    return state.withLock { state in
      if state.queue.isEmpty { state.running = false }
      return state.running
    }
  }
}
