import StreamsLaunch
import Testing

@Suite("Gates")
struct GateTests {
  @Test("A task waits for a gate without holding up the caller, and goes on when it is released")
  func released() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    let terms = LaunchGate("terms")
    let waiting = LaunchGate("waiting")
    queue.enqueue(
      LaunchTask(1, name: "terms") { _ in
        log("shown")
        waiting.release()
        try await terms.wait()
        log("accepted")
      })
    queue.enqueue(logging(2, "home", log))
    queue.start()
    queue.finish()
    try await waiting.wait()
    #expect(log.entries == ["shown"])
    #expect(queue.report().entries.first.map { if case .running = $0.outcome { true } else { false } } == true)
    #expect(!terms.isReleased)
    terms.release()
    #expect(terms.isReleased)
    try await queue.finished()
    #expect(log.entries == ["shown", "accepted", "home"])
  }

  @Test("An abandoned gate fails the waiting task with an error naming the gate and reason")
  func abandoned() async throws {
    let queue = LaunchQueue<Int>()
    let terms = LaunchGate("terms")
    queue.enqueue(LaunchTask(1, name: "terms") { _ in try await terms.wait() })
    queue.start()
    terms.abandon(reason: "declined")
    terms.release()  // Settled already: ignored.
    #expect(!terms.isReleased)
    do {
      try await queue.finished()
      Issue.record("finished() returned")
    } catch {
      guard case .requiredTaskFailed(let failure) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(failure.underlying as? LaunchGateError == .abandoned(gate: "terms", reason: "declined"))
      #expect(failure.description.contains("declined"))
    }
  }

  @Test("Every waiter goes on at release, and later waiters return at once")
  func manyWaiters() async throws {
    let gate = LaunchGate("ready")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 { group.addTask { try await gate.wait() } }
      gate.release()
      try await group.waitForAll()
    }
    try await gate.wait()
  }

  @Test("A cancelled waiter throws at once; the gate stays closed for others")
  func cancelledWaiter() async throws {
    let gate = LaunchGate("never")
    let waiter = Task { try await gate.wait() }
    waiter.cancel()
    do {
      try await waiter.value
      Issue.record("the cancelled wait returned")
    } catch {
      #expect(error as? LaunchGateError == .cancelled(gate: "never"))
    }
    #expect(!gate.isReleased)
    gate.abandon()
    do {
      try await gate.wait()
      Issue.record("waiting on an abandoned gate returned")
    } catch {
      #expect(error == .abandoned(gate: "never", reason: nil))
    }
  }
}
