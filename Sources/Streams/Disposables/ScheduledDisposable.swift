/// Disposes its disposable on a scheduler.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `disposable` is written only by the one thread that wins `disposed`.
  private let resource = ResourceToken()
  /// The scheduler the disposal runs on.
  public let scheduler: ImmediateSchedulerType
  private let disposed = OnceFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var disposable: Disposable?

  /// Creates a disposable that disposes `disposable` on `scheduler`.
  public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
    self.scheduler = scheduler
    self.disposable = disposable
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { disposed.isSet }

  /// Schedules the disposal of the wrapped disposable.
  public func dispose() {
    guard disposed.set() else { return }
    let disposable = self.disposable
    self.disposable = nil
    _ = scheduler.schedule(()) { _ in
      disposable?.dispose()
      return Disposables.create()
    }
  }
}
