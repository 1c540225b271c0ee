import Streams
import StreamsLaunch

/// Records every event of a queue through its `events` observable.
final class EventRecorder<Rank: Comparable & Sendable>: @unchecked Sendable {
  private let recorded = Locked<(events: [LaunchEvent<Rank>], completed: Bool)>(([], false))
  private let subscription = Locked<Disposable?>(nil)

  init(_ queue: LaunchQueue<Rank>) {
    let disposable = queue.events.subscribe(
      onNext: { [recorded] event in recorded.withLock { $0.events.append(event) } },
      onCompleted: { [recorded] in recorded.withLock { $0.completed = true } })
    subscription.withLock { $0 = disposable }
  }

  var events: [LaunchEvent<Rank>] { recorded.value.events }
  var isCompleted: Bool { recorded.value.completed }

  /// The events as short lines, such as `started login` (see `LaunchEvent.line`).
  var lines: [String] { events.map(\.line) }

  /// The names of the tasks in the order they started (every attempt).
  var started: [String] {
    events.compactMap { event in
      if case .started(let task, _) = event { return task.name }
      return nil
    }
  }
}

extension LaunchEvent {
  /// A short, stable form for assertions: `enqueued a`, `started a (attempt 2)`, `failed a (retrying)`,
  /// `skipped a: duplicate`, `idle`, `ended finished`.
  var line: String {
    switch self {
    case .enqueued(let task):
      return "enqueued \(task.name)"
    case .started(let task, let attempt):
      return attempt == 1 ? "started \(task.name)" : "started \(task.name) (attempt \(attempt))"
    case .finished(let task, _):
      return "finished \(task.name)"
    case .failed(let task, let failure):
      return "failed \(task.name)" + (failure.willRetry ? " (retrying)" : "")
    case .cancelled(let task, _):
      return "cancelled \(task.name)"
    case .skipped(let task, let reason):
      switch reason {
      case .duplicate: return "skipped \(task.name): duplicate"
      case .replaced: return "skipped \(task.name): replaced"
      case .cancelled: return "skipped \(task.name): cancelled"
      case .startUpStopped: return "skipped \(task.name): stopped"
      }
    case .idle:
      return "idle"
    case .ended(let outcome):
      switch outcome {
      case .finished: return "ended finished"
      case .failed: return "ended failed"
      case .cancelled: return "ended cancelled"
      }
    }
  }
}
