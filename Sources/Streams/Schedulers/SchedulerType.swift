import Foundation

/// The time interval type of scheduler operators, as in RxSwift.
public typealias RxTimeInterval = DispatchTimeInterval

/// An absolute time on a scheduler's clock.
public typealias RxTime = Date

/// Runs units of work at once (or as soon as the scheduler's discipline allows).
///
/// Schedulers are shared across threads, so they are `Sendable`. The actions they run are plain
/// closures, as in RxSwift; a scheduler runs each action at most once and never after the returned
/// disposable was disposed.
public protocol ImmediateSchedulerType: Sendable {
  /// Schedules `action` to run with `state`; dispose the result to cancel it if it has not started.
  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler with a clock: work can run later, or periodically.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's current time.
  var now: RxTime { get }

  /// Schedules `action` to run with `state` after `dueTime`.
  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable

  /// Runs `action` first after `startAfter`, then every `period`, passing each call's result to the next.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable
}

extension SchedulerType {
  /// The default periodic scheduling: one relative schedule per period.
  ///
  /// Schedulers with a native timer (dispatch queues) override this; virtual-time schedulers use it.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let serial = SerialDisposable()
    let box = UncheckedBox(state)
    func scheduleNext(after dueTime: RxTimeInterval) {
      serial.disposable = scheduleRelative((), dueTime: dueTime) { _ in
        guard !serial.isDisposed else { return Disposables.create() }
        box.value = action(box.value)
        scheduleNext(after: period)
        return Disposables.create()
      }
    }
    scheduleNext(after: startAfter)
    return serial
  }
}
