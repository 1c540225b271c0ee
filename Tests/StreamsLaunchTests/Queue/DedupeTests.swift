import StreamsLaunch
import Testing

@Suite("De-duplication")
struct DedupeTests {
  /// A task that logs its name and string parameter.
  func echo(_ rank: Int, _ name: String, _ log: Log) -> LaunchTask<Int> {
    LaunchTask(rank, name: name) { context in
      log("\(name)=\(try context.parameter(as: String.self))")
    }
  }

  @Test("keepExisting: the waiting task stays, the new one is dropped and reported")
  func keepExisting() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    let first = queue.enqueue(echo(1, "refresh", log), parameter: "first")
    let second = queue.enqueue(echo(1, "refresh", log), parameter: "second")
    guard case .queued(let firstID) = first else {
      Issue.record("first enqueue: \(first)")
      return
    }
    #expect(second == .keptExisting(firstID))
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["refresh=first"])
    #expect(
      recorder.lines == [
        "enqueued refresh", "skipped refresh: duplicate", "started refresh", "finished refresh",
        "idle", "ended finished",
      ])
    guard case .skipped(_, .duplicate(let of)) = recorder.events[1] else {
      Issue.record("expected a duplicate skip, got \(recorder.events[1])")
      return
    }
    #expect(of == firstID)
  }

  @Test("replaceExisting: the waiting task is replaced and the new one queues behind its equals")
  func replaceExisting() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    let first = queue.enqueue(echo(1, "openURL", log), parameter: "a://1")
    queue.enqueue(echo(1, "other", log), parameter: "x")
    let second = queue.enqueue(echo(1, "openURL", log), parameter: "a://2", onDuplicate: .replaceExisting)
    guard case .replaced(let newID, let previous) = second else {
      Issue.record("second enqueue: \(second)")
      return
    }
    #expect(previous == first.id)
    #expect(newID > previous)
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["other=x", "openURL=a://2"])
    #expect(
      recorder.lines.prefix(4) == [
        "enqueued openURL", "enqueued other", "enqueued openURL", "skipped openURL: replaced",
      ])
    let report = queue.report()
    #expect(report.entries.count == 3)
    guard case .skipped(.replaced(let by)) = report.entries.last?.outcome else {
      Issue.record("the replaced task is not reported as replaced")
      return
    }
    #expect(by == newID)
  }

  @Test("Different keys, unique keys, and a key whose task already started are never duplicates")
  func notDuplicates() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    #expect(queue.enqueue(logging(1, "push", log), key: .unique).id != nil)
    guard case .queued = queue.enqueue(logging(1, "push", log), key: .unique) else {
      Issue.record("unique keys were merged")
      return
    }
    guard case .queued = queue.enqueue(logging(1, "push", log), key: "push-2") else {
      Issue.record("different keys were merged")
      return
    }
    let gate = LaunchGate("hold")
    queue.enqueue(
      LaunchTask(0, name: "first") { context in
        // "late" is waiting, so a second one is a duplicate, whatever its rank.
        guard case .keptExisting = context.enqueue(logging(5, "late", log)) else {
          Issue.record("a waiting key was not de-duplicated")
          return
        }
        try await gate.wait()
      })
    queue.enqueue(logging(2, "late", log))
    queue.start()
    gate.release()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["push", "push", "push", "late"])
  }
}
