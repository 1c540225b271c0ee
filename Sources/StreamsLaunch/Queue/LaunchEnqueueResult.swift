/// What an enqueue call did.
public enum LaunchEnqueueResult: Sendable, Equatable, CustomStringConvertible {
  /// The task was added and will run in its turn.
  case queued(LaunchTaskID)

  /// A task with the same key was already waiting, so the new one was dropped
  /// (``LaunchDuplicatePolicy/keepExisting``); the waiting task is the one given.
  case keptExisting(LaunchTaskID)

  /// The new task was added in place of a waiting one with the same key
  /// (``LaunchDuplicatePolicy/replaceExisting``).
  case replaced(LaunchTaskID, previous: LaunchTaskID)

  /// The queue has ended (or is being cancelled), so nothing was added.
  case rejected(LaunchOutcome)

  /// The task's dependencies can never be met (``LaunchDependencyError/cycle(task:path:)``,
  /// ``LaunchDependencyError/unnamed(task:)``, or ``LaunchDependencyError/missing(task:dependency:)``
  /// after ``LaunchQueue/finish()``), so nothing was added and no event is sent.
  case refused(LaunchDependencyError)

  /// The task that will run for this call: the new one, or the waiting one it was merged into;
  /// `nil` when the call was rejected or refused.
  public var id: LaunchTaskID? {
    switch self {
    case .queued(let id), .keptExisting(let id), .replaced(let id, _): return id
    case .rejected, .refused: return nil
    }
  }

  /// A short account of the result.
  public var description: String {
    switch self {
    case .queued(let id): return "queued as \(id)"
    case .keptExisting(let id): return "dropped: \(id) with the same key is already waiting"
    case .replaced(let id, let previous): return "queued as \(id), replacing \(previous)"
    case .rejected(let outcome): return "rejected: the queue has ended (\(outcome))"
    case .refused(let error): return "refused: \(error)"
    }
  }

  /// Compares the cases and identifiers; two rejections are equal when their outcomes have the same
  /// kind, two refusals when their errors are of the same case.
  public static func == (lhs: LaunchEnqueueResult, rhs: LaunchEnqueueResult) -> Bool {
    switch (lhs, rhs) {
    case (.queued(let a), .queued(let b)), (.keptExisting(let a), .keptExisting(let b)): return a == b
    case (.replaced(let a, let p), .replaced(let b, let q)): return a == b && p == q
    case (.rejected(let a), .rejected(let b)): return a.kind == b.kind
    case (.refused(.cycle), .refused(.cycle)), (.refused(.unnamed), .refused(.unnamed)),
      (.refused(.missing), .refused(.missing)):
      return true
    default: return false
    }
  }
}
