import StreamsLaunch
import Testing

@Suite("Waiting")
struct WaitingTests {
  @Test("idle() returns once the started queue has caught up, and again after more work")
  func idleTwice() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    queue.enqueue(logging(1, "a", log))
    queue.start()
    await queue.idle()
    #expect(log.entries == ["a"])
    #expect(recorder.lines.last == "idle")  // Delivered before idle() returned.
    queue.enqueue(logging(1, "b", log))
    await queue.idle()
    #expect(log.entries == ["a", "b"])
    #expect(recorder.lines.filter { $0 == "idle" }.count == 2)
    await queue.idle()  // Already idle: returns at once.
    queue.finish()
    try await queue.finished()
    await queue.idle()  // Ended: returns at once.
  }

  @Test("idle() before start() waits for start()")
  func idleBeforeStart() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(logging(1, "a", log))
    let waiter = Task { await queue.idle() }
    // Whether or not the waiter has suspended yet, it cannot return before start().
    queue.start()
    await waiter.value
    #expect(log.entries == ["a"])
  }

  @Test("A cancelled idle() returns; a cancelled finished() throws waitCancelled; the queue carries on")
  func cancelledWaits() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    let idleWaiter = Task { await queue.idle() }
    let finishedWaiter = Task { try await queue.finished() }
    idleWaiter.cancel()
    finishedWaiter.cancel()
    await idleWaiter.value
    do {
      try await finishedWaiter.value
      Issue.record("finished() returned")
    } catch {
      guard case .waitCancelled = error as? LaunchError else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    queue.enqueue(logging(1, "a", log))
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["a"])
  }

  @Test("A task waiting for its own queue gets an error instead of waiting forever")
  func waitingFromInside() async throws {
    let queue = LaunchQueue<Int>()
    let seen = Locked<LaunchError?>(nil)
    queue.enqueue(
      LaunchTask(1, name: "impatient") { _ in
        await queue.idle()  // Returns at once.
        do {
          try await queue.finished()
        } catch {
          seen.withLock { $0 = error as? LaunchError }
        }
      })
    queue.start()
    queue.finish()
    try await queue.finished()
    guard case .waitedFromInsideTask(let task)? = seen.value else {
      Issue.record("expected waitedFromInsideTask, got \(String(describing: seen.value))")
      return
    }
    #expect(task == "impatient")
  }

  @Test("finished() waits for finish(); many waiters all resume")
  func manyFinishedWaiters() async throws {
    let queue = LaunchQueue<Int>()
    queue.start()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<10 { group.addTask { try await queue.finished() } }
      await queue.idle()
      queue.finish()
      try await group.waitForAll()
    }
  }

  @Test("Errors explain what happened and what to do")
  func errorDescriptions() {
    #expect(LaunchError.cancelled.description.contains("cancelled"))
    #expect(LaunchError.waitedFromInsideTask(task: "x").description.contains("Enqueue the follow-up work"))
    #expect(LaunchParameterError.missing(task: "t", expected: "URL").description.contains("enqueue(_:parameter:)"))
    #expect(LaunchGateError.abandoned(gate: "terms", reason: "declined").description.contains("declined"))
  }
}
