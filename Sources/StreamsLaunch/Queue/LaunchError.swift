/// Why waiting for a queue with ``LaunchQueue/finished()`` did not end in success.
public enum LaunchError: Error, Sendable, CustomStringConvertible {
  /// A required task failed after its retries, so start-up stopped; the failure names the task and
  /// its error.
  case requiredTaskFailed(LaunchFailure)

  /// The queue was cancelled with ``LaunchQueue/cancel()``, or released, before it finished.
  case cancelled

  /// The task that was waiting was cancelled; the queue itself carries on.
  case waitCancelled

  /// A task of the queue waited for its own queue to finish, which can never happen while it runs.
  case waitedFromInsideTask(task: String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .requiredTaskFailed(let failure):
      return failure.description
    case .cancelled:
      return "The launch queue was cancelled (or released) before it finished; tasks that had not "
        + "started were skipped. Nothing to do unless the cancellation was unexpected."
    case .waitCancelled:
      return "The task waiting for the launch queue was cancelled; the queue keeps running. "
        + "Wait again from a task that is not cancelled if you still need the result."
    case .waitedFromInsideTask(let task):
      return "Task \"\(task)\" waited for its own launch queue to finish, which cannot happen while the "
        + "task runs. Enqueue the follow-up work as another task instead of waiting."
    }
  }
}

/// A required task that failed after its retries, which stopped start-up.
public struct LaunchFailure: Error, Sendable, CustomStringConvertible {
  /// The task's name.
  public let task: String

  /// The identifier of the task's enqueue call.
  public let taskID: LaunchTaskID

  /// The description of the task's rank.
  public let rank: String

  /// How many times the task ran: `1` plus its retries, or `0` when its dependencies kept it from
  /// running (then ``underlying`` is a ``LaunchDependencyError``).
  public let attempts: Int

  /// What the last run threw.
  public let underlying: any Error

  /// What happened and what to do about it.
  public var description: String {
    let runs = attempts == 0 ? "without running" : attempts == 1 ? "after 1 attempt" : "after \(attempts) attempts"
    return "Required launch task \"\(task)\" \(taskID) (rank \(rank)) failed \(runs): \(underlying). "
      + "Start-up stopped and the tasks still waiting were skipped. Fix the cause, add retries with "
      + ".required.retrying(_:), or mark the task .optional if start-up can go on without it."
  }
}
