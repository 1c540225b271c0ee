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

  /// Virtual time reached the deadline: resumes the sleeper (counted in `handOff` until its task
  /// runs again) unless it was cancelled.
  func wake(_ handOff: PendingCount) {
    let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard case .waiting(let continuation) = state else { return nil }
      state = .resumed
      return continuation
    }
    guard let continuation else { return }
    handOff.increment()
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
