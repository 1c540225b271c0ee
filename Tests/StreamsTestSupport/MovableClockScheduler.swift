import Foundation
import Streams

/// A real scheduler whose `now` a test can move, as a user or a time server moves a device's
/// clock: work runs on a dispatch queue in real time, and `now` is the wall clock plus what the
/// test added with ``moveClock(by:)``.
open class MovableClockScheduler: SchedulerType, @unchecked Sendable {
  private let base = ConcurrentDispatchQueueScheduler(qos: .utility)
  private let offset = Locked<TimeInterval>(0)

  /// A scheduler whose `now` reads the wall clock.
  public init() {}

  /// The wall clock, moved by what ``moveClock(by:)`` added.
  public var now: RxTime { base.now.addingTimeInterval(offset.value) }

  /// Moves `now` by `seconds` (back when negative); scheduled work keeps its real due time.
  public func moveClock(by seconds: TimeInterval) {
    offset.withLock { $0 += seconds }
  }

  /// Schedules `action` on the dispatch queue now.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    base.schedule(state, action: action)
  }

  /// Schedules `action` on the dispatch queue after `dueTime` of real time.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    base.scheduleRelative(state, dueTime: dueTime, action: action)
  }
}
