import Dispatch
import Foundation

/// Runs work on the main thread: at once when already there, otherwise on the main queue.
///
/// Unlike ``MainScheduler/instance``, it runs at once on the main thread even when work of its
/// own is queued, which suits `subscribe(on:)`; prefer ``MainScheduler`` for `observe(on:)`.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
  // Unchecked: no stored state; the main queue is thread-safe.
  /// The shared instance.
  public static let instance = ConcurrentMainScheduler()

  private init() {}

  /// The current wall-clock time.
  public var now: RxTime { Date() }

  /// Runs `action` now if on the main thread, otherwise on the main queue.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
    if MainScheduler.isOnMain { return action(state) }
    let result = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action))
    DispatchQueue.main.async {
      if !result.isDisposed { result.setDisposable(work.value.1(work.value.0)) }
    }
    return result
  }

  /// Runs `action` on the main queue after `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    MainScheduler.instance.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the main queue after `startAfter`, then every `period`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    MainScheduler.instance.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
