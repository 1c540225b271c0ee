import Foundation

/// One step of start-up progress, as sent by ``LaunchQueue/events`` and ``LaunchQueue/asyncEvents``.
///
/// The queue sends events in the order its state changed, one at a time. For one task:
/// `enqueued`, then either `skipped`, or `started` followed by `finished`, `failed` or `cancelled`
/// (a `failed` that will be retried is followed by another `started`, at once or after its
/// backoff), or `failed` with attempt `0` when its dependencies kept it from running
/// (``LaunchDependencyError``). A duplicate dropped on arrival gets only `skipped`. With
/// ``LaunchConcurrency/lanes(background:)`` the events of tasks running at once interleave.
/// Between tasks, `idle` says that nothing is ready or running.
/// The last event is `ended`.
public enum LaunchEvent<Rank: Comparable & Sendable>: Sendable, CustomStringConvertible {
  /// The queue accepted a task; it waits for its turn.
  case enqueued(LaunchTaskInfo<Rank>)

  /// A task began a run; `attempt` is `1` for the first run and grows with each retry.
  case started(LaunchTaskInfo<Rank>, attempt: Int)

  /// A task's run returned; `duration` is that run's time in seconds, measured on the queue's scheduler (see ``LaunchQueue/init(scheduler:concurrency:)``).
  case finished(LaunchTaskInfo<Rank>, duration: TimeInterval)

  /// A task's run threw (or overran its deadline), or its dependencies kept it from running
  /// (attempt `0`); the failure says whether the task will be retried.
  case failed(LaunchTaskInfo<Rank>, LaunchAttemptFailure)

  /// A running task was cancelled (by ``LaunchQueue/cancel()`` or ``LaunchQueue/cancel(_:)``) and
  /// then threw; `duration` is the time from its start until it returned.
  case cancelled(LaunchTaskInfo<Rank>, duration: TimeInterval)

  /// A task was removed before it started.
  case skipped(LaunchTaskInfo<Rank>, reason: LaunchSkipReason)

  /// The queue is running and has nothing ready and nothing running; tasks may still wait for
  /// needs that have not arrived.
  case idle

  /// The queue ended: it finished, a required task failed, or it was cancelled. Nothing follows.
  case ended(LaunchOutcome)

  /// The task the event is about, or `nil` for ``idle`` and ``ended(_:)``.
  public var task: LaunchTaskInfo<Rank>? {
    switch self {
    case .enqueued(let task), .started(let task, _), .finished(let task, _), .failed(let task, _),
      .cancelled(let task, _), .skipped(let task, _):
      return task
    case .idle, .ended:
      return nil
    }
  }

  /// A one-line account of the event, as in `finished login #4 in 120 ms`.
  public var description: String {
    switch self {
    case .enqueued(let task):
      return "enqueued \(task)"
    case .started(let task, let attempt):
      return attempt == 1 ? "started \(task)" : "started \(task), attempt \(attempt)"
    case .finished(let task, let duration):
      return "finished \(task) in \(formatMilliseconds(duration))"
    case .failed(let task, let failure):
      return "failed \(task): \(failure)"
    case .cancelled(let task, let duration):
      return "cancelled \(task) after \(formatMilliseconds(duration))"
    case .skipped(let task, let reason):
      return "skipped \(task): \(reason)"
    case .idle:
      return "idle"
    case .ended(let outcome):
      return "ended: \(outcome)"
    }
  }
}

/// One failed run of a task.
public struct LaunchAttemptFailure: Sendable, CustomStringConvertible {
  /// What the task threw.
  public let error: any Error

  /// Which run failed: `1` for the first; `0` when the task failed without running because of its
  /// dependencies (the error is a ``LaunchDependencyError``).
  public let attempt: Int

  /// The run's time in seconds, measured on the queue's scheduler (see ``LaunchQueue/init(scheduler:concurrency:)``).
  public let duration: TimeInterval

  /// Whether the task runs again, at once or after its backoff (it has retries left and was not
  /// cancelled).
  public let willRetry: Bool

  /// The error and what happens next.
  public var description: String {
    let next = willRetry ? "retrying" : "no retries left"
    return "\(error) (attempt \(attempt), \(formatMilliseconds(duration)), \(next))"
  }
}
