import Foundation
import Streams

/// A scheduler whose timers fire only when the test says, in the order it chooses: the order a
/// concurrent scheduler may pick when timers fall due at the same moment.
final class HeldTimers: SchedulerType, @unchecked Sendable {
  private let lock = NSLock()
  private var actions: [() -> Void] = []

  var now: RxTime { Date() }

  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    action(state)
  }

  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    lock.lock()
    actions.append { _ = action(state) }
    lock.unlock()
    return Disposables.create()
  }

  /// How many timers were scheduled so far.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return actions.count
  }

  /// Runs the timer scheduled `index`-th (from 0) on the calling thread.
  func fire(_ index: Int) {
    lock.lock()
    let action = actions[index]
    lock.unlock()
    action()
  }
}
