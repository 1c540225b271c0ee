import Streams

/// Makes the scheduler that ``Driver`` and ``Signal`` deliver on, and lets tests replace it.
///
/// By default every call to ``make`` returns a new `MainScheduler` (each one runs an action at
/// once when called on the main thread with nothing of its own queued, so nested drivers built on
/// the main thread deliver synchronously, as in RxCocoa). In tests, wrap the code that builds and
/// subscribes to shared sequences in ``mock(scheduler:action:)`` to run them on a `TestScheduler`.
public enum SharingScheduler {
  /// Returns the scheduler for the next shared sequence: a new `MainScheduler` unless mocked.
  public static var make: () -> SchedulerType { factory.current }

  /// Runs `action` with every shared sequence built inside it delivering on `scheduler`, then
  /// restores the previous scheduler (also when `action` throws).
  ///
  /// The replacement is process-wide, as in RxCocoa: tests that mock must not run in parallel
  /// with other tests that build shared sequences. For tests only.
  public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
    try mock(makeScheduler: { scheduler }, action: action)
  }

  /// Runs `action` with ``make`` replaced by `makeScheduler`, then restores the previous one
  /// (also when `action` throws). Mocks nest. For tests only.
  public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
    let original = factory.replace(with: makeScheduler)
    defer { _ = factory.replace(with: original) }
    try action()
  }

  private static let factory = Factory()

  /// The current ``make`` closure, behind a lock so that any thread may read it.
  private final class Factory: @unchecked Sendable {
    // Unchecked: `make` is read and written only under `lock`.
    private let lock = Lock.make()
    private var make: () -> SchedulerType = { MainScheduler() }

    var current: () -> SchedulerType { lock.withLock { make } }

    /// Installs `newMake` and returns the one it replaced.
    func replace(with newMake: @escaping () -> SchedulerType) -> () -> SchedulerType {
      lock.withLock {
        defer { make = newMake }
        return make
      }
    }
  }
}
