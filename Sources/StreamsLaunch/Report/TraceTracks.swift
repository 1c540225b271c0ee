import Foundation

/// The tracks of a report's trace and timeline: one per lane and slot, main actor first, with
/// every attempt placed on one, and each dependency's arrow between two attempts.
struct TraceTracks<Rank: Comparable & Sendable> {
  /// One drawn attempt.
  struct Slice {
    let entry: LaunchReport<Rank>.Entry
    let run: LaunchReport<Rank>.Run
    /// The track's identifier: 1 for the main actor, 1 + slot for background slots.
    let track: Int
    /// Seconds from the queue's start.
    let start: TimeInterval
    let end: TimeInterval
  }

  /// An arrow from the last attempt of a dependency to the first attempt of its dependent.
  struct Flow {
    let id: Int
    let from: Slice
    let to: Slice
  }

  /// The tracks used, in drawing order, with their names.
  let tracks: [(id: Int, name: String)]
  let slices: [Slice]
  let flows: [Flow]
  /// Seconds from the queue's start to the end of the last slice, or the report's elapsed time.
  let span: TimeInterval

  init(_ report: LaunchReport<Rank>) {
    let elapsed = report.elapsed ?? 0
    var slices: [Slice] = []
    var first: [LaunchTaskID: Slice] = [:]
    var last: [LaunchTaskID: Slice] = [:]
    for entry in report.entries {
      for run in entry.runs {
        let track = run.lane == .mainActor ? 1 : 1 + run.slot
        let end = run.start + (run.duration ?? Swift.max(0, elapsed - run.start))
        let slice = Slice(entry: entry, run: run, track: track, start: run.start, end: end)
        slices.append(slice)
        if first[entry.task.id] == nil { first[entry.task.id] = slice }
        last[entry.task.id] = slice
      }
    }
    var flows: [Flow] = []
    for entry in report.entries {
      guard let to = first[entry.task.id] else { continue }
      for dependency in entry.dependencies {
        guard let from = last[dependency] else { continue }
        flows.append(Flow(id: flows.count + 1, from: from, to: to))
      }
    }
    self.slices = slices
    self.flows = flows
    tracks = Set(slices.map(\.track)).sorted().map { ($0, $0 == 1 ? "main actor" : "background \($0 - 1)") }
    span = Swift.max(elapsed, slices.map(\.end).max() ?? 0)
  }
}
