/// Why a task was removed before it started.
public enum LaunchSkipReason: Sendable, CustomStringConvertible {
  /// A task with the same key was already waiting and the enqueue used
  /// ``LaunchDuplicatePolicy/keepExisting``; the waiting task is the one given.
  case duplicate(of: LaunchTaskID)

  /// A newer enqueue with the same key used ``LaunchDuplicatePolicy/replaceExisting``; the newer
  /// task is the one given.
  case replaced(by: LaunchTaskID)

  /// The queue or this task was cancelled, or the queue was released, before the task started.
  case cancelled

  /// A required task failed, which stopped start-up before this task's turn.
  case startUpStopped(LaunchFailure)

  /// A short account of the reason.
  public var description: String {
    switch self {
    case .duplicate(let existing):
      return "duplicate of \(existing), which is still waiting"
    case .replaced(let newer):
      return "replaced by \(newer)"
    case .cancelled:
      return "cancelled before it started"
    case .startUpStopped(let failure):
      return "start-up stopped because required task \"\(failure.task)\" \(failure.taskID) failed"
    }
  }
}
