/// The hand-off between ``VirtualTimeClock``'s sleepers and its `advance`: counts the sleepers that
/// virtual time resumed and that have not yet run again, so `advance` can wait for them before it
/// moves time further.
final class VirtualClockHandOff: Sendable {
  private struct State {
    /// Sleepers resumed whose task has not yet returned from `sleep`.
    var unacknowledged = 0
    /// Grows with each resume and each acknowledgement.
    var stamp = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = LockedState(State())

  /// Grows with each resume and each acknowledgement.
  var stamp: Int { state.withLock { $0.stamp } }

  /// A sleeper is about to be resumed by virtual time.
  func resuming() {
    state.withLock {
      $0.unacknowledged += 1
      $0.stamp += 1
    }
  }

  /// A resumed sleeper's task runs again.
  func acknowledge() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.unacknowledged -= 1
      state.stamp += 1
      guard state.unacknowledged == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every resumed sleeper has run again.
  func waitForAcknowledgements(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        guard state.unacknowledged > 0 else { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// One `sleep` on a ``VirtualTimeClock``: resumed once, by virtual time or by cancellation,
/// whichever comes first.
final class VirtualClockSleeper: Sendable {
  private enum State {
    case created
    case waiting(CheckedContinuation<Void, any Error>)
    case resumed
    case cancelled
  }

  private let state = LockedState(State.created)
  private let item = SingleAssignmentDisposable()

  /// Stores the continuation; `false` when the sleep was cancelled first (the caller then resumes
  /// it by throwing).
  func install(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    state.withLock { state -> Bool in
      guard case .created = state else { return false }
      state = .waiting(continuation)
      return true
    }
  }

  /// The scheduled item that wakes the sleeper, disposed if the sleep is cancelled.
  func setItem(_ disposable: Disposable) {
    item.setDisposable(disposable)
  }

  /// Virtual time reached the deadline: resumes the sleeper (counted by `handOff`) unless it was
  /// cancelled.
  func wake(_ handOff: VirtualClockHandOff) {
    let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard case .waiting(let continuation) = state else { return nil }
      state = .resumed
      return continuation
    }
    guard let continuation else { return }
    handOff.resuming()
    continuation.resume()
  }

  /// The sleeping task was cancelled: resumes it with `CancellationError` unless time woke it first.
  func cancel() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      switch state {
      case .created:
        state = .cancelled
        return nil
      case .waiting(let continuation):
        state = .cancelled
        return continuation
      case .resumed, .cancelled:
        return nil
      }
    }
    item.dispose()
    continuation?.resume(throwing: CancellationError())
  }
}
