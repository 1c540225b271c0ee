extension ObservableType where Element: Sendable {
  /// Shifts every element and the completion later by `dueTime`; an error is sent at once.
  ///
  /// ```
  /// --a--b--|     delay(20)
  /// ----a--b--|
  /// ```
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let delivery = DelayedDelivery(observer)
      let timers = CompositeDisposable()
      let subscription = source.subscribe { event in
        if case .error = event {
          delivery.fail(event)
          return
        }
        delivery.enqueue(event)
        let timer = SingleAssignmentDisposable()
        guard let key = timers.insert(timer) else { return }
        timer.setDisposable(
          scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            timers.remove(for: key)
            delivery.deliverOldest()
            return Disposables.create()
          })
      }
      return Disposables.create(subscription, timers)
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

/// The events of one `delay` subscription waiting for their time, delivered one at a time without
/// a lock held while the observer runs.
///
/// Each timer that fires delivers the oldest waiting event: every event waits the same time, so
/// the oldest is due whenever any is, and timers that fire out of order or at once on a concurrent
/// scheduler cannot reorder events. The first thread to find nothing being delivered delivers,
/// also what falls due meanwhile; an error from the source overtakes the waiting events, and is
/// sent at once unless an event is being delivered, in which case that thread sends it right after.
private final class DelayedDelivery<Element>: @unchecked Sendable {
  private struct State {
    var waiting = Queue<Event<Element>>()
    var due = 0  // Timers that fired whose event is not yet delivered.
    var delivering = false
    var failure: Event<Element>?
    var stopped = false

    /// The next event to deliver, or `nil` (and no longer delivering) when none is due.
    mutating func takeNext() -> Event<Element>? {
      if let failure {
        self.failure = nil
        stopped = true
        return failure
      }
      guard !stopped, due > 0, !waiting.isEmpty else {
        delivering = false
        return nil
      }
      due -= 1
      let event = waiting.dequeue()
      if event.isStopEvent { stopped = true }
      return event
    }
  }

  private let observer: AnyObserver<Element>
  private let state = LockedState(State())

  init(_ observer: AnyObserver<Element>) {
    self.observer = observer
  }

  func enqueue(_ event: Event<Element>) {
    state.withLock { $0.waiting.enqueue(event) }
  }

  /// Sends `error` now, or right after the event being delivered; drops the waiting events.
  func fail(_ error: Event<Element>) {
    let sendNow = state.withLock { state -> Bool in
      if state.stopped { return false }
      state.waiting = Queue()
      if state.delivering {
        state.failure = error
        return false
      }
      state.stopped = true
      return true
    }
    if sendNow { observer.on(error) }
  }

  /// A timer fired: its event, the oldest waiting, is due.
  func deliverOldest() {
    let deliver = state.withLock { state -> Bool in
      state.due += 1
      if state.delivering || state.stopped { return false }
      state.delivering = true
      return true
    }
    guard deliver else { return }
    while let event = state.withLock({ $0.takeNext() }) {
      observer.on(event)
    }
  }
}
