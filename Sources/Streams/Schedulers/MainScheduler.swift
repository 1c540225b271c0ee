import Dispatch
import Foundation

/// Runs work on the main thread.
///
/// ``instance`` runs an action at once when called on the main thread with nothing of its own
/// queued ahead (so UI bindings update synchronously), and otherwise queues it on the main queue.
/// ``asyncInstance`` always queues. On Linux the main queue runs when the program services it
/// (`dispatchMain()`, `RunLoop.main.run()`, or the main actor of an async `main`).
public final class MainScheduler: SchedulerType, @unchecked Sendable {
  /// The main-thread scheduler that runs at once when it can.
  public static let instance = MainScheduler()

  /// A main-queue scheduler that always queues, even on the main thread.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

  private let configuration = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))
  private let lock = Lock.make()
  private var enqueued = 0

  private init() {}

  /// The current wall-clock time.
  public var now: RxTime { Date() }

  /// Runs `action` now if on the main thread with nothing queued ahead, otherwise on the main queue.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    let previouslyEnqueued = lock.withLock { () -> Int in
      enqueued += 1
      return enqueued - 1
    }
    if Thread.isMainThread && previouslyEnqueued == 0 {
      let disposable = action(state)
      lock.withLock { enqueued -= 1 }
      return disposable
    }
    let result = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    DispatchQueue.main.async { [self] in
      if !result.isDisposed { result.setDisposable(work.value.1(work.value.0)) }
      lock.withLock { enqueued -= 1 }
    }
    return result
  }

  /// Runs `action` on the main queue after `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the main queue after `startAfter`, then every `period`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
