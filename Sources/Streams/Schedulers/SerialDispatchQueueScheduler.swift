import Dispatch
import Foundation

/// Runs work on a serial dispatch queue, one action at a time.
///
/// If the queue given is concurrent, actions still run one at a time: the scheduler targets an
/// internal serial queue at it.
///
/// Like RxSwift's, the class can't be subclassed outside Streams; ``MainScheduler`` is one, so it
/// can be passed where a `SerialDispatchQueueScheduler` is expected.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // Unchecked: only a `let` of its configuration; `DispatchQueue` is thread-safe.
  let configuration: DispatchQueueConfiguration

  /// Creates a scheduler that runs work on `serialQueue`.
  public init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler over a new serial queue named `internalSerialQueueName`.
  public convenience init(
    internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName)
    serialQueueConfiguration?(queue)
    self.init(serialQueue: queue, leeway: leeway)
  }

  /// Creates a scheduler over a new serial queue that targets `queue` (which may be concurrent).
  public convenience init(
    queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
  }

  /// Creates a scheduler over a new serial queue that targets the global queue of `qos`.
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "streams.global-serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    self.init(
      queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
      leeway: leeway)
  }

  /// The current wall-clock time.
  public final var now: RxTime { Date() }

  /// Runs `action` asynchronously on the queue.
  public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    scheduleInternal(state, action: action)
  }

  /// What ``schedule(_:action:)`` does; ``MainScheduler`` runs at once when it can.
  func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    configuration.schedule(state, action: action)
  }

  /// Runs `action` on the queue after `dueTime`.
  public final func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`, with a dispatch timer.
  public final func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
