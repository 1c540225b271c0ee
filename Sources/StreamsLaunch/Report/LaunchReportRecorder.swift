import Foundation

/// Builds a ``LaunchReport`` from the queue's events, as they happen.
///
/// Pure bookkeeping: the storage feeds it every event with the time it read from the clock, under
/// its lock, and asks for a snapshot when the report is requested.
struct LaunchReportRecorder<Rank: Comparable & Sendable>: Sendable {
  private struct Row: Sendable {
    let task: LaunchTaskInfo<Rank>
    var firstStartedAt: TimeInterval?
    /// The position of the task's first start among all first starts: the report's order, which
    /// clock readings can't give (a virtual clock that is not advanced, or a coarse one, reads the
    /// same for several starts).
    var runOrder: Int?
    var returnedAt: TimeInterval?
    var attempts = 0
    var outcome: LaunchReport<Rank>.Outcome = .waiting
    /// Each attempt that started: where, when, and how it ended (`returnedAt` is `nil` while it runs).
    var runs: [RunRow] = []
    /// The tasks whose settlements met its needs when it first started.
    var after: [LaunchTaskID] = []

    /// Closes the attempt that runs, if one does, at `now` with `outcome`.
    mutating func closeRun(at now: TimeInterval, _ outcome: LaunchReport<Rank>.Outcome) {
      guard let last = runs.indices.last, runs[last].returnedAt == nil else { return }
      runs[last].returnedAt = now
      runs[last].outcome = outcome
      returnedAt = now
    }
  }

  private struct RunRow: Sendable {
    let attempt: Int
    let lane: LaunchLane
    let slot: Int
    let startedAt: TimeInterval
    var returnedAt: TimeInterval?
    var outcome: LaunchReport<Rank>.Outcome = .running
  }

  private var rows: [LaunchTaskID: Row] = [:]
  private var firstStarts = 0
  private var startedAt: TimeInterval?
  private var ended: (at: TimeInterval, outcome: LaunchOutcome)?

  /// The queue started at `now`.
  mutating func queueStarted(at now: TimeInterval) {
    startedAt = now
  }

  /// Records `events`, which happened at `now`; `placements` say where the attempts that started run.
  mutating func record(
    _ events: [LaunchEvent<Rank>], placements: [LaunchTaskID: LaunchQueueStateMachine<Rank>.Placement],
    at now: TimeInterval
  ) {
    for event in events { record(event, placements: placements, at: now) }
  }

  private mutating func record(
    _ event: LaunchEvent<Rank>, placements: [LaunchTaskID: LaunchQueueStateMachine<Rank>.Placement],
    at now: TimeInterval
  ) {
    switch event {
    case .enqueued(let task):
      rows[task.id] = Row(task: task)
    case .started(let task, let attempt):
      var row = rows[task.id] ?? Row(task: task)
      let placement = placements[task.id]
      if row.runOrder == nil {
        row.firstStartedAt = now
        row.runOrder = firstStarts
        row.after = placement?.after ?? []
        firstStarts += 1
      }
      row.runs.append(
        RunRow(attempt: attempt, lane: placement?.lane ?? task.lane, slot: placement?.slot ?? 1, startedAt: now))
      row.attempts = attempt
      row.outcome = .running
      rows[task.id] = row
    case .finished(let task, _):
      update(task) { row in
        row.closeRun(at: now, .succeeded)
        row.outcome = .succeeded
      }
    case .failed(let task, let failure):
      update(task) { row in
        row.closeRun(at: now, .failed(failure.error))
        row.outcome = failure.willRetry ? .running : .failed(failure.error)
      }
    case .cancelled(let task, _):
      update(task) { row in
        row.closeRun(at: now, .cancelled)
        row.outcome = .cancelled
      }
    case .skipped(let task, let reason):
      update(task) { row in row.outcome = .skipped(reason) }
    case .idle:
      break
    case .ended(let outcome):
      ended = (now, outcome)
    }
  }

  private mutating func update(_ task: LaunchTaskInfo<Rank>, _ body: (inout Row) -> Void) {
    var row = rows[task.id] ?? Row(task: task)
    body(&row)
    rows[task.id] = row
  }

  /// The report as of `now`: rows in the order the tasks first started, then those that never did,
  /// in the order they were enqueued.
  func report(at now: TimeInterval) -> LaunchReport<Rank> {
    let origin = startedAt
    let entries = rows.values
      .sorted { lhs, rhs in
        switch (lhs.runOrder, rhs.runOrder) {
        case (let l?, let r?): return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs.task.id < rhs.task.id
        }
      }
      .map { row in
        LaunchReport<Rank>.Entry(
          task: row.task,
          start: zip(row.firstStartedAt, origin).map { Swift.max(0, $0 - $1) },
          duration: row.firstStartedAt.map { Swift.max(0, (row.returnedAt ?? now) - $0) },
          attempts: row.attempts,
          outcome: row.outcome,
          runs: row.runs.map { run in
            LaunchReport<Rank>.Run(
              attempt: run.attempt, lane: run.lane, slot: run.slot,
              start: Swift.max(0, run.startedAt - (origin ?? run.startedAt)),
              duration: run.returnedAt.map { Swift.max(0, $0 - run.startedAt) }, outcome: run.outcome)
          },
          dependencies: row.after)
      }
    let elapsed = origin.map { Swift.max(0, (ended?.at ?? now) - $0) }
    return LaunchReport(entries: entries, elapsed: elapsed, outcome: ended?.outcome)
  }
}

/// Both values, or `nil` if either is missing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
