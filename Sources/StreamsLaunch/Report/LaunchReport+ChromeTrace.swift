import Foundation

extension LaunchReport {
  /// The report in the Chrome trace-event format, as JSON that Perfetto (ui.perfetto.dev) and
  /// `chrome://tracing` open.
  ///
  /// One process, `LaunchQueue`, with one track (a thread) per lane and slot: `main actor`,
  /// `background 1`, `background 2`, … Each attempt of a task is a complete slice (`"ph": "X"`)
  /// named after the task on its track, with the task's identifier, rank, attempt and outcome in
  /// its `args`. Each dependency is a flow arrow (`"ph": "s"` inside the dependency's last attempt,
  /// `"ph": "f"` with `"bp": "e"` at the start of the dependent's first attempt, one `id` per
  /// pair). Times are microseconds from ``LaunchQueue/start()``; an attempt still running ends at
  /// the time the report was taken. Tasks that never ran have no slice.
  ///
  /// ```swift
  /// try queue.report().chromeTraceJSON().write(to: URL(fileURLWithPath: "launch.json"))
  /// ```
  public func chromeTraceJSON() -> Data {
    let layout = TraceTracks(self)
    var events: [[String: Any]] = [
      ["name": "process_name", "ph": "M", "pid": 1, "tid": 0, "args": ["name": "LaunchQueue"]]
    ]
    for track in layout.tracks {
      events.append(["name": "thread_name", "ph": "M", "pid": 1, "tid": track.id, "args": ["name": track.name]])
      events.append([
        "name": "thread_sort_index", "ph": "M", "pid": 1, "tid": track.id, "args": ["sort_index": track.id],
      ])
    }
    for slice in layout.slices {
      events.append([
        "name": slice.entry.task.name, "cat": "launch", "ph": "X", "pid": 1, "tid": slice.track,
        "ts": microseconds(slice.start), "dur": microseconds(slice.end - slice.start),
        "args": [
          "task": slice.entry.task.id.description, "rank": String(describing: slice.entry.task.rank),
          "attempt": slice.run.attempt, "outcome": slice.run.outcome.description,
        ],
      ])
    }
    for flow in layout.flows {
      let common: [String: Any] = ["name": "needs", "cat": "dependency", "pid": 1, "id": flow.id]
      events.append(
        common.merging(["ph": "s", "tid": flow.from.track, "ts": microseconds((flow.from.start + flow.from.end) / 2)]) {
          $1
        })
      events.append(
        common.merging(["ph": "f", "bp": "e", "tid": flow.to.track, "ts": microseconds(flow.to.start)]) { $1 })
    }
    let trace: [String: Any] = ["traceEvents": events, "displayTimeUnit": "ms"]
    // Only strings, numbers, arrays and dictionaries: serialization cannot fail.
    return (try? JSONSerialization.data(withJSONObject: trace, options: [.sortedKeys])) ?? Data()
  }

  private func microseconds(_ seconds: TimeInterval) -> Double {
    (seconds * 1_000_000).rounded()
  }
}
