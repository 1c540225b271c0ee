import StreamsLaunch
import Testing

@Suite("Cancellation")
struct CancellationTests {
  @Test("cancel() skips waiting tasks, cancels the running one, leaves nothing running and loses no event")
  func cancelQueue() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    let running = Locked(0)
    let never = LaunchGate("never")
    let waiting = LaunchGate("waiting")
    var iterator = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(
      LaunchTask(1, name: "blocked") { _ in
        running.withLock { $0 += 1 }
        defer { running.withLock { $0 -= 1 } }
        waiting.release()
        try await never.wait()
        log("blocked went on")
      })
    queue.enqueue(logging(2, "later1", log))
    queue.enqueue(logging(3, "later2", log))
    queue.start()
    try await waiting.wait()
    queue.cancel()
    queue.cancel()  // Idempotent.

    await #expect(throws: LaunchError.self) { try await queue.finished() }
    do {
      try await queue.finished()
    } catch {
      guard case .cancelled = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(running.value == 0)
    #expect(log.entries.isEmpty)
    let expected = [
      "enqueued blocked", "enqueued later1", "enqueued later2", "started blocked", "skipped later1: cancelled",
      "skipped later2: cancelled", "cancelled blocked", "ended cancelled",
    ]
    #expect(recorder.lines == expected)
    #expect(recorder.isCompleted)
    var viaSequence: [String] = []
    while let event = await iterator.next() { viaSequence.append(event.line) }
    #expect(viaSequence == expected)
    guard case .rejected(.cancelled) = queue.enqueue(logging(0, "late", log)) else {
      Issue.record("an enqueue after cancel was accepted")
      return
    }
    guard case .cancelled? = queue.report().entries.first?.outcome else {
      Issue.record("the running task is not reported as cancelled")
      return
    }
  }

  @Test("cancel() before start() skips everything and ends at once")
  func cancelBeforeStart() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    queue.enqueue(logging(1, "a", log))
    queue.cancel()
    queue.start()
    await #expect(throws: LaunchError.self) { try await queue.finished() }
    #expect(recorder.lines == ["enqueued a", "skipped a: cancelled", "ended cancelled"])
    #expect(log.entries.isEmpty)
  }

  @Test("cancel(id) skips a waiting task, or cancels a running one without stopping start-up")
  func cancelOneTask() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    let waiting = LaunchGate("waiting")
    let blocked = queue.enqueue(
      LaunchTask(1, name: "blocked") { _ in
        waiting.release()
        try await LaunchGate("never").wait()
      })
    let skipped = queue.enqueue(logging(2, "skipped", log))
    queue.enqueue(logging(3, "after", log))
    queue.start()
    try await waiting.wait()
    #expect(queue.cancel(skipped.id!))
    #expect(!queue.cancel(skipped.id!))
    #expect(queue.cancel(blocked.id!))
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["after"])
    #expect(recorder.lines.contains("skipped skipped: cancelled"))
    #expect(recorder.lines.contains("cancelled blocked"))
    #expect(recorder.lines.last == "ended finished")
  }

  @Test("A running task that returns normally after cancel() is reported as finished")
  func cancelledTaskThatFinishes() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let waiting = LaunchGate("waiting")
    let proceed = LaunchGate("proceed")
    queue.enqueue(
      LaunchTask(1, name: "stubborn") { _ in
        waiting.release()
        try? await proceed.wait()  // Throws at once on cancellation; the task ignores it.
      })
    queue.start()
    try await waiting.wait()
    queue.cancel()
    await #expect(throws: LaunchError.self) { try await queue.finished() }
    #expect(recorder.lines.suffix(2) == ["finished stubborn", "ended cancelled"])
  }

  @Test("Releasing the queue cancels it, so event sequences end instead of waiting forever")
  func releasingCancels() async throws {
    var queue: LaunchQueue<Int>? = LaunchQueue<Int>()
    let log = Log()
    queue?.enqueue(logging(1, "a", log))
    var iterator = queue!.asyncEvents.makeAsyncIterator()
    queue = nil
    var lines: [String] = []
    while let event = await iterator.next() { lines.append(event.line) }
    #expect(lines == ["skipped a: cancelled", "ended cancelled"])
    #expect(log.entries.isEmpty)
  }
}

@Suite("Cancellation under load")
struct CancellationStressTests {
  @Test("cancel() racing 1,000 enqueues from 8 threads: every accepted task is closed exactly once")
  func cancelWhileEnqueueing() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    var iterator = queue.asyncEvents.makeAsyncIterator()
    let running = Locked((now: 0, most: 0, afterEnd: 0))
    let accepted = Locked<Set<LaunchTaskID>>([])
    queue.start()
    await onThreads(8) { thread in
      var generator = SeededGenerator(seed: UInt64(200 + thread))
      for index in 0..<125 {
        if thread == 3 && index == 60 { queue.cancel() }
        let result = queue.enqueue(
          LaunchTask(Int.random(in: 0..<5, using: &generator), name: "t", key: .unique) { _ in
            running.withLock {
              $0.now += 1; $0.most = max($0.most, $0.now)
            }
            await Task.yield()
            running.withLock { $0.now -= 1 }
          })
        if let id = result.id { accepted.withLock { _ = $0.insert(id) } }
      }
    }
    await #expect(throws: LaunchError.self) { try await queue.finished() }
    #expect(running.value.now == 0)
    #expect(running.value.most <= 1)

    let events = recorder.events
    #expect(events.last?.line == "ended cancelled")
    var closed: [LaunchTaskID: Int] = [:]
    var enqueued = Set<LaunchTaskID>()
    for event in events {
      switch event {
      case .enqueued(let task): enqueued.insert(task.id)
      case .finished(let task, _), .cancelled(let task, _), .skipped(let task, _):
        closed[task.id, default: 0] += 1
      case .failed(let task, _):
        Issue.record("\(task) failed")
      default: break
      }
    }
    #expect(enqueued == accepted.value)
    #expect(Set(closed.keys) == enqueued)
    #expect(closed.values.allSatisfy { $0 == 1 })

    var viaSequence: [String] = []
    while let event = await iterator.next() { viaSequence.append(event.line) }
    #expect(viaSequence == events.map(\.line))
  }
}
