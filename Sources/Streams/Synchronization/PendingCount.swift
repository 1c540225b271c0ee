/// A count of things under way (started, not yet finished) that async code can wait to reach zero,
/// with a stamp that grows at every change, so a poller can tell whether anything happened.
///
/// ``VirtualTimeClock`` uses two per scheduler: the sleepers it resumed that have not run yet, and
/// the tasks the async operators created, while it ran the scheduler's work, that have not started
/// (``AsyncWorkStarts``).
final class PendingCount: Sendable {
  private struct State {
    var pending = 0
    var stamp = 0
    var waiters = Waiters<Void>()
  }

  private let state = LockedState(State())

  /// Grows at every ``increment()`` and ``decrement()``.
  var stamp: Int { state.withLock { $0.stamp } }

  /// One more thing is under way.
  func increment() {
    state.withLock {
      $0.pending += 1
      $0.stamp += 1
    }
  }

  /// One thing is done; at zero, the waiters resume (after the lock is released).
  func decrement() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.pending -= 1
      state.stamp += 1
      return state.pending == 0 ? state.waiters.resolveAll(with: ()) : []
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once nothing is under way.
  func waitUntilZero(isolation: isolated (any Actor)? = #isolation) async {
    let id = state.withLock { $0.waiters.reserve() }
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        let settled: Void? = state.pending == 0 ? () : nil
        return state.waiters.attach(id, continuation, settled: settled) != nil
      }
      if ready { continuation.resume() }
    }
  }
}
