/// A disposable that is set exactly once, possibly after it was disposed.
///
/// Setting it after ``dispose()`` disposes the new value at once. Setting it a second time is a
/// misuse: the second value is disposed and ``Hooks/diagnostic`` is told; nothing traps.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `slot` and `assigned` are read and written only under `lock`.
  private let resource = ResourceToken()
  private let lock = Lock.make()
  private var slot = DisposableSlot()
  private var assigned = false

  /// Creates an unassigned disposable.
  public init() {}

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { slot.isDisposed } }

  /// Sets the disposable; disposes it at once if already disposed.
  public func setDisposable(_ disposable: Disposable) {
    enum Outcome { case stored, disposeNow, secondAssignment }
    let outcome: Outcome = lock.withLock {
      if assigned { return .secondAssignment }
      assigned = true
      if slot.isDisposed { return .disposeNow }
      slot.current = disposable
      return .stored
    }
    switch outcome {
    case .stored: break
    case .disposeNow: disposable.dispose()
    case .secondAssignment:
      disposable.dispose()
      Hooks.report(.singleAssignmentReassigned)
    }
  }

  /// Disposes the assigned disposable, now or as soon as it is set.
  public func dispose() {
    lock.withLock { slot.dispose() }?.dispose()
  }
}
