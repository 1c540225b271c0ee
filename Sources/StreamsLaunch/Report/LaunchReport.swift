import Foundation

/// Each task's start, duration and outcome, as returned by ``LaunchQueue/report()``.
///
/// A snapshot: take it after ``LaunchQueue/finished()`` for the whole launch, or at any time to see
/// how far start-up has come. Print it (or its ``table``) for a table such as:
///
/// ```
/// Launch report: finished in 0.412 s, 9 tasks
///  #  Task                Start   Duration  Attempts  Outcome
///  1  checkNetwork         0 ms      21 ms         1  ok
///  4  login               63 ms      80 ms         2  ok
///  9  fullScreenBanner   390 ms      12 ms         1  failed (optional): bannerUnavailable
/// ```
public struct LaunchReport<Rank: Comparable & Sendable>: Sendable, CustomStringConvertible {
  /// One task's line in the report.
  public struct Entry: Sendable {
    /// The task.
    public let task: LaunchTaskInfo<Rank>

    /// Seconds from ``LaunchQueue/start()`` to the task's first run; `nil` if it never ran.
    public let start: TimeInterval?

    /// Seconds from the task's first run until its last run returned (all attempts), or until the
    /// report was taken if it still runs; `nil` if it never ran.
    public let duration: TimeInterval?

    /// How many times the task ran: `1` plus its retries so far, `0` if it never ran.
    public let attempts: Int

    /// Where the task stands.
    public let outcome: Outcome

    /// Each attempt that started, in order: where it ran, when, and how it ended.
    public let runs: [Run]

    /// The tasks whose results met this task's needs when it first started (for each need, the
    /// latest task of that key), in the order of its needs.
    public let dependencies: [LaunchTaskID]
  }

  /// One attempt of a task in a report.
  public struct Run: Sendable {
    /// Which attempt: `1` for the first.
    public let attempt: Int

    /// The lane it ran on.
    public let lane: LaunchLane

    /// Which of its lane's slots it held, from `1`: with ``LaunchConcurrency/lanes(background:)`` of
    /// 3, background attempts run in slots 1 to 3. The trace draws one track per lane and slot.
    public let slot: Int

    /// Seconds from ``LaunchQueue/start()`` to the attempt's start.
    public let start: TimeInterval

    /// The attempt's time in seconds; `nil` while it runs.
    public let duration: TimeInterval?

    /// ``Outcome/running``, ``Outcome/succeeded``, ``Outcome/failed(_:)`` or ``Outcome/cancelled``.
    public let outcome: Outcome
  }

  /// Where a task stands in a report.
  public enum Outcome: Sendable, CustomStringConvertible {
    /// Waiting for its turn.
    case waiting
    /// Running, or about to be retried.
    case running
    /// It ran and returned.
    case succeeded
    /// Its last run threw this error (after its retries). Whether that stopped start-up depends on
    /// the task's ``LaunchTaskInfo/policy``.
    case failed(any Error)
    /// It was cancelled while it ran.
    case cancelled
    /// It was removed before it ran.
    case skipped(LaunchSkipReason)

    /// A short account, as in `ok` or `skipped: duplicate of #3, which is still waiting`.
    public var description: String {
      switch self {
      case .waiting: return "waiting"
      case .running: return "running"
      case .succeeded: return "ok"
      case .failed(let error): return "failed: \(error)"
      case .cancelled: return "cancelled"
      case .skipped(let reason): return "skipped: \(reason)"
      }
    }
  }

  /// One entry per enqueued task: in the order they first ran, then those that never ran, in the
  /// order they were enqueued.
  public let entries: [Entry]

  /// Seconds from ``LaunchQueue/start()`` until the queue ended (or until the report was taken);
  /// `nil` before the queue started.
  public let elapsed: TimeInterval?

  /// How the queue ended; `nil` while it has not.
  public let outcome: LaunchOutcome?

  /// The report as a plain-text table with a title line.
  public var table: String {
    var header = "Launch report: "
    switch outcome {
    case .finished?: header += "finished"
    case .failed(let failure)?: header += "stopped by required task \"\(failure.task)\""
    case .cancelled?: header += "cancelled"
    case nil: header += elapsed == nil ? "not started" : "in progress"
    }
    if let elapsed { header += String(format: " in %.3f s", elapsed) }
    header += ", \(entries.count) \(entries.count == 1 ? "task" : "tasks")"

    let rows = entries.map { entry -> [String] in
      [
        "\(entry.task.id.rawValue)", entry.task.name, entry.start.map(formatMilliseconds) ?? "-",
        entry.duration.map(formatMilliseconds) ?? "-", "\(entry.attempts)", Self.describe(entry),
      ]
    }
    let titles = ["#", "Task", "Start", "Duration", "Attempts", "Outcome"]
    let rightAligned: Set<Int> = [0, 2, 3, 4]
    return ([header] + TextTable.render(titles: titles, rows: rows, rightAligned: rightAligned))
      .joined(separator: "\n")
  }

  /// The ``table``.
  public var description: String { table }

  private static func describe(_ entry: Entry) -> String {
    guard case .failed(let error) = entry.outcome else { return entry.outcome.description }
    let policy = entry.task.policy.isRequired ? "required, stopped start-up" : "optional"
    return "failed (\(policy)): \(error)"
  }
}
