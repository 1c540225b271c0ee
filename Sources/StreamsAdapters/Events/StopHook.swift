/// The stop hook of a multi-shot stream: runs exactly once, when the stream ends, whichever way
/// it ends, and never before `start` has returned it.
struct StopHook: Sendable {
  private enum State: Sendable {
    /// `start` is running; `owed` is true when the stream already ended.
    case starting(owed: Bool)
    /// `start` returned this hook; the stream is live.
    case armed(Cancellation?)
    /// The hook ran, or there is none to run.
    case spent
  }

  private var state = State.starting(owed: false)

  /// `start` returned `hook`: the hook to run now if the stream already ended.
  mutating func startReturned(_ hook: Cancellation?) -> Cancellation? {
    guard case .starting(let owed) = state else { return nil }
    if owed {
      state = .spent
      return hook
    }
    state = .armed(hook)
    return nil
  }

  /// `start` threw: there is no hook.
  mutating func startFailed() {
    state = .spent
  }

  /// The stream ended: the hook to run now, if any.
  mutating func streamEnded() -> Cancellation? {
    switch state {
    case .starting:
      state = .starting(owed: true)
      return nil
    case .armed(let hook):
      state = .spent
      return hook
    case .spent:
      return nil
    }
  }
}
