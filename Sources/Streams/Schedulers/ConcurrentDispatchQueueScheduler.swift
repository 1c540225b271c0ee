import Dispatch
import Foundation

/// Runs work on a dispatch queue that may run several actions at once.
///
/// Operators that must deliver serially (such as `observe(on:)`) serialize on their own; prefer a
/// ``SerialDispatchQueueScheduler`` when order matters.
public final class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // Unchecked: only a `let` of its configuration; `DispatchQueue` is thread-safe.
  let configuration: DispatchQueueConfiguration

  /// Creates a scheduler that runs work on `queue`.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Creates a scheduler that runs work on the global queue of `qos`.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
  }

  /// The current wall-clock time.
  public var now: RxTime { Date() }

  /// Runs `action` asynchronously on the queue.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    configuration.schedule(state, action: action)
  }

  /// Runs `action` on the queue after `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`, with a dispatch timer.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
