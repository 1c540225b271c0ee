import Dispatch

/// Why a wait on a ``LaunchGate`` ended without the gate being released.
public enum LaunchGateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The gate was abandoned with ``LaunchGate/abandon(reason:)``; it will never be released.
  case abandoned(gate: String, reason: String?)

  /// The waiting task was cancelled (for example by ``LaunchQueue/cancel()``).
  case cancelled(gate: String)
  /// The gate was not released within the timeout it was created with
  /// (``LaunchGate/init(_:timeout:scheduler:)``), so it was abandoned.
  case timedOut(gate: String, after: DispatchTimeInterval)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .abandoned(let gate, let reason):
      let because = reason.map { ": \($0)" } ?? ""
      return "Launch gate \"\(gate)\" was abandoned\(because). The task waiting for it cannot go on; "
        + "let the error fail the task (mark the task .optional if start-up can go on without it)."
    case .timedOut(let gate, let timeout):
      return "Launch gate \"\(gate)\" was not released within \(timeout.readable), so it was abandoned. "
        + "The task waiting for it cannot go on; let the error fail the task (mark the task .optional "
        + "if start-up can go on without it), or give the gate more time."
    case .cancelled(let gate):
      return "The task waiting for launch gate \"\(gate)\" was cancelled before the gate was released. "
        + "Let the error end the task."
    }
  }
}

extension DispatchTimeInterval {
  /// `30 s`, `250 ms`: for error messages.
  fileprivate var readable: String {
    switch self {
    case .seconds(let value): return "\(value) s"
    case .milliseconds(let value): return "\(value) ms"
    case .microseconds(let value): return "\(value) µs"
    case .nanoseconds(let value): return "\(value) ns"
    case .never: return "no time limit"
    @unknown default: return "the timeout"
    }
  }
}
