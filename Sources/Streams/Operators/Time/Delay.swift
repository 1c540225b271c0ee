import Dispatch

extension ObservableType where Element: Sendable {
  /// Shifts every element and the completion later by `dueTime`; an error is sent at once.
  ///
  /// ```
  /// --a--b--|     delay(20)
  /// ----a--b--|
  /// ```
  ///
  /// As in RxSwift, one scheduled step delivers one event: events that fall due together go out
  /// on consecutive steps (on a `TestScheduler`, one tick apart), and an error that arrives while
  /// an event is being delivered follows it instead of waiting for the delivery to return.
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      DelayDrain(dueTime: dueTime, scheduler: scheduler, observer: observer).run(source)
    }
  }

  /// Subscribes to this sequence only after `dueTime`.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let subscription = SerialDisposable()
      subscription.replace {
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          subscription.replace { source.subscribe(observer) }
          return Disposables.create()
        }
      }
      return subscription
    }
  }
}

/// The events of one `delay` subscription waiting for their time, and the one drain step that
/// delivers them.
///
/// At most one drain step is scheduled at a time: the first event of a burst schedules it, and each
/// step delivers the oldest event, then schedules the next step for the next event's due time.
/// Events are delivered outside the lock; `running` tells an error whether a delivery is under way
/// (then the drain sends it next) or not (then it is sent at once).
private final class DelayDrain<Element: Sendable>: @unchecked Sendable {
  // Unchecked: its mutable state is a `LockedState`; the other stored properties are `let`s.
  private struct State {
    var waiting = Queue<(time: RxTime, event: Event<Element>)>()
    /// A drain step is scheduled or running.
    var active = false
    /// A drain step is delivering an event.
    var running = false
    var failure: Event<Element>?
  }

  /// What follows a delivered event.
  private enum Next {
    case fail(Event<Element>)
    case step(after: RxTimeInterval)
    case idle
  }

  private let dueTime: RxTimeInterval
  private let scheduler: SchedulerType
  private let observer: AnyObserver<Element>
  private let state = LockedState(State())
  private let sourceSubscription = SingleAssignmentDisposable()
  private let step = SerialDisposable()

  init<Observer: ObserverType>(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer)
  where Observer.Element == Element {
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.observer = AnyObserver(observer)
  }

  func run(_ source: Observable<Element>) -> Disposable {
    sourceSubscription.setDisposable(source.subscribe { self.received($0) })
    return Disposables.create(sourceSubscription, step)
  }

  private func received(_ event: Event<Element>) {
    if event.isStopEvent { sourceSubscription.dispose() }
    if case .error = event {
      let sendNow = state.withLock { state in
        state.waiting = Queue()
        state.failure = event
        return !state.running
      }
      if sendNow { finish(with: event) }
      return
    }
    let now = scheduler.now
    let first = state.withLock { state in
      state.waiting.enqueue((now, event))
      defer { state.active = true }
      return !state.active
    }
    guard first else { return }
    // A recursive schedule owns its steps: a step that runs on another thread before this
    // assignment returns cannot have its successor cancelled by it.
    step.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { [self] _, recurse in
      if let delay = drainOne() { recurse((), delay) }
    }
  }

  /// Delivers the oldest waiting event, then an error that arrived meanwhile; returns when the
  /// next step is due, or `nil` when the drain stops.
  private func drainOne() -> RxTimeInterval? {
    let event = state.withLock { state -> Event<Element>? in
      guard state.failure == nil, !state.waiting.isEmpty else { return nil }
      state.running = true
      return state.waiting.dequeue().event
    }
    guard let event else { return nil }
    observer.on(event)
    if case .completed = event {
      dispose()
      return nil
    }
    let now = scheduler.now
    let next = state.withLock { state -> Next in
      state.running = false
      if let failure = state.failure { return .fail(failure) }
      guard !state.waiting.isEmpty else {
        state.active = false
        return .idle
      }
      let waited = now.timeIntervalSince(state.waiting.oldest.time)
      let remaining = Swift.max(0, dueTime.seconds - waited)
      return .step(after: DispatchTimeInterval(timeInterval: remaining))
    }
    switch next {
    case .fail(let failure):
      finish(with: failure)
      return nil
    case .step(let delay): return delay
    case .idle: return nil
    }
  }

  private func finish(with event: Event<Element>) {
    observer.on(event)
    dispose()
  }

  private func dispose() {
    sourceSubscription.dispose()
    step.dispose()
  }
}
