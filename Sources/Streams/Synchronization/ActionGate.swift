/// Runs actions one at a time without holding a lock while they run.
///
/// The first caller runs its action at once, then the actions that others queued meanwhile
/// (other threads, or the action itself re-entering), on its own thread: an ``Outbox`` of
/// actions. After ``dispose()``, queued and new actions are dropped. RxSwift's `AsyncLock` keeps
/// the same order.
final class ActionGate: @unchecked Sendable {
  // Unchecked: its state is a `LockedState`; the actions run one at a time, by the thread that owns the drain.
  private struct State {
    var isDisposed = false
    var outbox = Outbox<() -> Void>()
  }

  private let state = LockedState(State())

  /// Runs `action` now if no action is running, or queues it for the running one's thread.
  func invoke(_ action: @escaping () -> Void) {
    let deliver = state.withLock { state -> Bool in
      if state.isDisposed { return false }
      state.outbox.post(action)
      return state.outbox.claimDelivery()
    }
    guard deliver else { return }
    state.deliver(\.outbox) { $0() }
  }

  /// Drops queued actions and ignores later ones.
  func dispose() {
    let dropped = state.withLock { state -> Queue<() -> Void> in
      state.isDisposed = true
      return state.outbox.removeAll()
    }
    withExtendedLifetime(dropped) {}  // Released here, outside the lock: the actions may own observers.
  }
}
