extension ObservableType where Element: Sendable {
  /// Delivers every event on `scheduler`, in order, one at a time.
  ///
  /// As in RxSwift, how depends on the scheduler:
  /// - On a ``SerialDispatchQueueScheduler`` (``MainScheduler`` among them), each event is
  ///   scheduled on the queue as it arrives, so it runs in order with any other work put on that
  ///   queue meanwhile; ``MainScheduler`` delivers at once when the event arrives on the main
  ///   thread and nothing of it is running.
  /// - On any other scheduler, events are queued and delivered by one recursive scheduled action,
  ///   one event per step: on a `TestScheduler`, events that arrive together are delivered one
  ///   tick apart.
  ///
  /// The subscription to the source is disposed when the terminal event is delivered. Disposing
  /// drops events not yet delivered, and releases the observer at once.
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    if let serialScheduler = scheduler as? SerialDispatchQueueScheduler {
      return Observable.create { observer in
        ObserveOnSerialQueue(scheduler: serialScheduler, observer: observer).run(source)
      }
    }
    return pumped(on: scheduler)
  }
}

extension ObservableType {
  /// Delivers every event through the trampoline of the thread that sends it, as
  /// ``observe(on:)-(ImmediateSchedulerType)`` does on ``CurrentThreadScheduler``, without
  /// requiring `Sendable` elements: the trampoline never changes thread.
  public func observe(on scheduler: CurrentThreadScheduler) -> Observable<Element> {
    pumped(on: scheduler)
  }

  /// Delivers every event at once, on the thread that sends it, as
  /// ``observe(on:)-(ImmediateSchedulerType)`` does on ``ImmediateScheduler``, without requiring
  /// `Sendable` elements: nothing changes thread.
  public func observe(on scheduler: ImmediateScheduler) -> Observable<Element> {
    pumped(on: scheduler)
  }

  /// `observe(on:)` by one recursive scheduled action that empties a queue of events.
  fileprivate func pumped(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      ObserveOnPump(scheduler: scheduler, observer: observer).run(source)
    }
  }
}

extension ObservableType where Element: Sendable {
  // The same two for `Sendable` elements: without them a call would be ambiguous between the
  // scheduler-specific overloads above and the `Sendable` one that takes any scheduler.

  /// Delivers every event through the trampoline of the thread that sends it.
  public func observe(on scheduler: CurrentThreadScheduler) -> Observable<Element> {
    pumped(on: scheduler)
  }

  /// Delivers every event at once, on the thread that sends it.
  public func observe(on scheduler: ImmediateScheduler) -> Observable<Element> {
    pumped(on: scheduler)
  }
}

/// One `observe(on:)` subscription on a serial dispatch queue: each event is its own work item on
/// the queue, which keeps delivery serial. Queued items keep the subscription alive, as a dropped
/// disposable must not stop delivery; disposing releases the observer at once all the same.
private final class ObserveOnSerialQueue<Element: Sendable>: @unchecked Sendable {
  // Unchecked: the observer is in a `LockedState`; the other stored properties are `let`s.
  private let scheduler: SerialDispatchQueueScheduler
  /// The observer, until the subscription ends.
  private let observer: LockedState<AnyObserver<Element>?>
  private let subscription = SingleAssignmentDisposable()

  init<Observer: ObserverType>(scheduler: SerialDispatchQueueScheduler, observer: Observer)
  where Observer.Element == Element {
    self.scheduler = scheduler
    self.observer = LockedState(AnyObserver(observer))
  }

  func run(_ source: Observable<Element>) -> Disposable {
    subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: received)))
    return Disposables.create { [self] in dispose() }
  }

  private func received(_ event: Event<Element>) {
    _ = scheduler.schedule(event) { [self] event in
      deliver(event)
      return Disposables.create()
    }
  }

  private func deliver(_ event: Event<Element>) {
    guard let observer = observer.withLock({ $0 }) else { return }
    observer.on(event)
    if event.isStopEvent { dispose() }
  }

  private func dispose() {
    let ended = observer.withLock { observer -> AnyObserver<Element>? in
      defer { observer = nil }
      return observer
    }
    // `ended` is released here, after unlocking.
    if ended != nil { subscription.dispose() }
  }
}

/// The queue of one `observe(on:)` subscription and the recursive action that empties it.
///
/// Only the queue and the running flag are locked; each event is delivered outside the lock, and
/// the flag keeps one step running at a time, so delivery stays serial even on a concurrent
/// scheduler.
///
/// `@unchecked Sendable`: its mutable state is the locked `state`; the observer and the
/// disposables are `Sendable` or used behind that flag. `Element` is unconstrained because the
/// public `observe(on:)` decides: `Sendable` for a scheduler that may change thread, anything for
/// `CurrentThreadScheduler` and `ImmediateScheduler`, which never do (pinned by
/// `IsolationProgramTests`' SameThreadSchedulers program, and by TSan over the suite).
private final class ObserveOnPump<Element>: @unchecked Sendable {
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
