/// Counts the tasks ``AsyncTransformObservable`` (the async operators) created that have not started running yet, process
/// wide: ``VirtualTimeClock``'s `advance` waits for them to start before it moves time, since a
/// new task may reach its actor through the pool, later than the clock's yields would see.
enum AsyncWorkStarts {
  private struct State {
    var pending = 0
    /// Grows with each start.
    var stamp = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private static let state = LockedState(State())

  /// Grows with each start.
  static var stamp: Int { state.withLock { $0.stamp } }

  /// A task is about to be created.
  static func creating() {
    state.withLock { $0.pending += 1 }
  }

  /// A created task runs.
  static func started() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.pending -= 1
      state.stamp += 1
      guard state.pending == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every created task has started.
  static func waitUntilAllStarted(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        guard state.pending > 0 else { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}
