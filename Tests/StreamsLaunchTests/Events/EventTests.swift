import StreamsLaunch
import StreamsTest
import Testing

@Suite("Events")
struct EventTests {
  @Test("The observable and the async sequence carry the same events, in state order, then end")
  func bothFaces() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    var iterator = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(LaunchTask(1, name: "ok") { _ in })
    queue.enqueue(LaunchTask(2, name: "bad", policy: .optional) { _ in throw TestError() })
    queue.enqueue(LaunchTask(2, name: "ok", key: "ok") { _ in })  // A duplicate of the waiting "ok".
    queue.start()
    queue.finish()
    try await queue.finished()
    let expected = [
      "enqueued ok", "enqueued bad", "skipped ok: duplicate", "started ok", "finished ok", "started bad", "failed bad",
      "idle", "ended finished",
    ]
    #expect(recorder.lines == expected)
    #expect(recorder.isCompleted)
    var lines: [String] = []
    while let event = await iterator.next() { lines.append(event.line) }
    #expect(lines == expected)
  }

  @Test("An iterator gets the events from its creation on; after the end it finishes at once")
  func subscriptionTime() async throws {
    let queue = LaunchQueue<Int>()
    queue.enqueue(LaunchTask(1, name: "early") { _ in })
    var iterator = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(LaunchTask(2, name: "late") { _ in })
    queue.start()
    queue.finish()
    try await queue.finished()
    var lines: [String] = []
    while let event = await iterator.next() { lines.append(event.line) }
    #expect(lines.first == "enqueued late")
    #expect(lines.count == 7)

    var afterEnd = queue.asyncEvents.makeAsyncIterator()
    #expect(await afterEnd.next() == nil)
    var completed = false
    _ = queue.events.subscribe(onCompleted: { completed = true })
    #expect(completed)
  }

  @Test("Cancelling the iterating task ends the iteration")
  func cancellingIteration() async throws {
    let queue = LaunchQueue<Int>()
    let first = LaunchGate("first event seen")
    let consumer = Task {
      var count = 0
      for await _ in queue.asyncEvents {
        count += 1
        first.release()
      }
      return count
    }
    // The consumer may subscribe after this enqueue; keep enqueueing until it has seen one.
    let feeder = Task {
      var index = 0
      while !first.isReleased && !Task.isCancelled {
        queue.enqueue(LaunchTask(1, name: "t\(index)", key: .unique) { _ in })
        index += 1
        await Task.yield()
      }
    }
    try await first.wait()
    feeder.cancel()
    await feeder.value
    consumer.cancel()
    let count = await consumer.value
    #expect(count >= 1)
  }

  @Test("An observer may enqueue from inside onNext; what it causes follows the current event")
  func reentrantObserver() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    let subscription = queue.events.subscribe(onNext: { event in
      if case .finished(let task, _) = event, task.name == "a" {
        queue.enqueue(logging(0, "from observer", log))
      }
    })
    defer { subscription.dispose() }
    let recorder = EventRecorder(queue)
    queue.enqueue(logging(1, "a", log))
    queue.enqueue(logging(2, "b", log))
    queue.start()
    queue.finish()
    try await queue.finished()
    // "b" may have started before the observer saw "finished a", so only the count and the grammar are fixed.
    #expect(Set(log.entries) == ["a", "b", "from observer"])
    let lines = recorder.lines
    let finishedA = try #require(lines.firstIndex(of: "finished a"))
    let enqueuedExtra = try #require(lines.firstIndex(of: "enqueued from observer"))
    #expect(finishedA < enqueuedExtra)
    #expect(lines.last == "ended finished")
  }

  @Test("Events describe themselves for logs")
  func descriptions() async throws {
    let scheduler = TestScheduler(initialClock: 100, resolution: 0.001)  // ticks of 1 ms
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let recorder = EventRecorder(queue)
    queue.enqueue(LaunchTask(1, name: "login") { _ in scheduler.advanceTo(scheduler.clock + 120) })
    queue.start()
    queue.finish()
    try await queue.finished()
    let descriptions = recorder.events.map(\.description)
    #expect(
      descriptions == [
        "enqueued login #1", "started login #1", "finished login #1 in 120 ms", "idle",
        "ended: finished",
      ])
  }
}
