import Dispatch
import Streams

/// A task's attempt ran past its deadline, so the queue cancelled it and counted it as failed.
///
/// It is the error of the attempt's ``LaunchEvent/failed(_:_:)`` event and, after the retries, of
/// the task's outcome, whatever the task threw or returned once cancelled. Give the task a longer
/// `deadline`, retries, or the ``LaunchFailurePolicy/optional`` policy.
public struct LaunchDeadlineExceeded: Error, Sendable, Equatable, CustomStringConvertible {
  /// The task's name.
  public let task: String

  /// The deadline each attempt has.
  public let deadline: DispatchTimeInterval

  /// Which attempt overran: `1` for the first.
  public let attempt: Int

  /// An overrun of attempt `attempt` of task `task`, whose attempts each have `deadline`.
  public init(task: String, deadline: DispatchTimeInterval, attempt: Int) {
    self.task = task
    self.deadline = deadline
    self.attempt = attempt
  }

  /// What happened and what to do about it.
  public var description: String {
    "Task \"\(task)\" overran its deadline of \(formatMilliseconds(deadline.seconds)) (attempt \(attempt)) "
      + "and was cancelled. Give it more time, retries, or make it optional."
  }
}
