/// Runs actions one at a time without holding a lock while they run.
///
/// The first caller runs its action at once, then the actions that others queued meanwhile
/// (other threads, or the action itself re-entering), on its own thread. After ``dispose()``,
/// queued and new actions are dropped. RxSwift's `AsyncLock` keeps the same order.
final class ActionGate: @unchecked Sendable {
  private struct State {
    var isRunning = false
    var isDisposed = false
    var queue = Queue<() -> Void>()
  }

  private let state = LockedState(State())

  /// Runs `action` now if no action is running, or queues it for the running one's thread.
  func invoke(_ action: @escaping () -> Void) {
    let runNow = state.withLock { state -> Bool in
      if state.isDisposed { return false }
      if state.isRunning {
        state.queue.enqueue(action)
        return false
      }
      state.isRunning = true
      return true
    }
    guard runNow else { return }
    action()
    while let next = nextQueued() { next() }
  }

  private func nextQueued() -> (() -> Void)? {
    state.withLock { state in
      guard !state.isDisposed, !state.queue.isEmpty else {
        state.isRunning = false
        return nil
      }
      return state.queue.dequeue()
    }
  }

  /// Drops queued actions and ignores later ones.
  func dispose() {
    let dropped = state.withLock { state -> Queue<() -> Void> in
      state.isDisposed = true
      defer { state.queue = Queue() }
      return state.queue
    }
    withExtendedLifetime(dropped) {}  // Released here, outside the lock: the actions may own observers.
  }
}
