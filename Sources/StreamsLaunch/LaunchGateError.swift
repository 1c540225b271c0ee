/// Why a wait on a ``LaunchGate`` ended without the gate being released.
public enum LaunchGateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The gate was abandoned with ``LaunchGate/abandon(reason:)``; it will never be released.
  case abandoned(gate: String, reason: String?)

  /// The waiting task was cancelled (for example by ``LaunchQueue/cancel()``).
  case cancelled(gate: String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .abandoned(let gate, let reason):
      let because = reason.map { ": \($0)" } ?? ""
      return "Launch gate \"\(gate)\" was abandoned\(because). The task waiting for it cannot go on; "
        + "let the error fail the task (mark the task .optional if start-up can go on without it)."
    case .cancelled(let gate):
      return "The task waiting for launch gate \"\(gate)\" was cancelled before the gate was released. "
        + "Let the error end the task."
    }
  }
}
