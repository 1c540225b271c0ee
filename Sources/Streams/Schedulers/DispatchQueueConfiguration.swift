import Dispatch

/// The scheduling shared by every dispatch-queue scheduler.
struct DispatchQueueConfiguration: Sendable {
  let queue: DispatchQueue
  let leeway: DispatchTimeInterval

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let result = SingleAssignmentDisposable()
    // The action runs once, on the queue; the box only carries it there.
    let work = UncheckedSendable((state, action))
    queue.async {
      guard !result.isDisposed else { return }
      result.setDisposable(work.value.1(work.value.0))
    }
    return result
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if case .never = dueTime { return Disposables.create() }
    let result = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + dueTime, leeway: leeway)
    // The handler holds the timer until it fired or was cancelled: a dropped disposable must not
    // stop scheduled work. Cancelling releases the handler, and with it the timer.
    timer.setEventHandler {
      timer.cancel()
      guard !result.isDisposed else { return }
      result.setDisposable(work.value.1(work.value.0))
    }
    timer.resume()
    return Disposables.create(with: {
      timer.cancel()
      result.dispose()
    })
  }

  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    if case .never = startAfter { return Disposables.create() }
    let cancel = BooleanDisposable()
    // A timer's handler never runs concurrently with itself, so the state is never touched
    // concurrently. The handler runs on a serial queue that targets the scheduler's queue (the
    // same threads) all the same: on a concurrent queue ThreadSanitizer can't see that one tick
    // happens before the next when they run on different threads, and reports a race.
    let box = UncheckedBox(state)
    let work = UncheckedSendable(action)
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Streams.periodic", target: queue))
    timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
    // The handler holds the timer until it is cancelled, as RxSwift's periodic timers run until
    // disposed even when the disposable is dropped.
    timer.setEventHandler {
      guard !cancel.isDisposed else { return }
      _ = timer
      box.value = work.value(box.value)
    }
    timer.resume()
    return Disposables.create(with: {
      cancel.dispose()
      timer.cancel()
    })
  }
}
