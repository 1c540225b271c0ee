/// How a queue ended.
public enum LaunchOutcome: Sendable, CustomStringConvertible {
  /// ``LaunchQueue/finish()`` was called and every task ran (optional ones may have failed).
  case finished

  /// A required task failed after its retries; start-up stopped.
  case failed(LaunchFailure)

  /// ``LaunchQueue/cancel()`` was called, or the queue was released before it ended.
  case cancelled

  enum Kind: Equatable { case finished, failed, cancelled }

  var kind: Kind {
    switch self {
    case .finished: return .finished
    case .failed: return .failed
    case .cancelled: return .cancelled
    }
  }

  /// `finished`, `cancelled`, or the failure.
  public var description: String {
    switch self {
    case .finished: return "finished"
    case .failed(let failure): return "failed: \(failure)"
    case .cancelled: return "cancelled"
    }
  }
}
