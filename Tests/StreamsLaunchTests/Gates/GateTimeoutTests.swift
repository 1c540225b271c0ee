import Dispatch
import Streams
import StreamsLaunch
import StreamsTest
import Testing

@Suite("Gates with a timeout")
struct GateTimeoutTests {
  @Test("A gate not released in time is abandoned: waiters, present and future, throw timedOut")
  func timesOut() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let terms = LaunchGate("terms", timeout: .seconds(30), scheduler: scheduler)
    let waiting = Task { try await terms.wait() }
    scheduler.advanceTo(29)
    #expect(!terms.isReleased)
    scheduler.advanceTo(30)
    let expected = LaunchGateError.timedOut(gate: "terms", after: .seconds(30))
    #expect(await waiting.result.failure as? LaunchGateError == expected)
    await #expect(throws: expected) { try await terms.wait() }
    terms.release()  // Settled already: ignored.
    #expect(!terms.isReleased)
  }

  @Test("A gate released in time lets its waiters go on, and the timeout no longer fires")
  func releasedInTime() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let terms = LaunchGate("terms", timeout: .seconds(30), scheduler: scheduler)
    let waiting = Task { try await terms.wait() }
    scheduler.advanceTo(29)
    terms.release()
    #expect(await waiting.result.failure == nil)
    scheduler.advanceTo(100)
    #expect(terms.isReleased)
    try await terms.wait()
  }

  @Test("A required task waiting on a gate that timed out fails start-up with the gate's error")
  func failsStartUp() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let terms = LaunchGate("terms", timeout: .milliseconds(500), scheduler: scheduler)
    let waiting = LaunchGate("waiting")
    let queue = LaunchQueue<Int>()
    queue.enqueue(
      LaunchTask(1, name: "terms") { _ in
        waiting.release()
        try await terms.wait()
      })
    queue.start()
    queue.finish()
    try await waiting.wait()
    scheduler.advanceTo(1)
    do {
      try await queue.finished()
      Issue.record("start-up finished although the required task's gate timed out")
    } catch {
      #expect(String(describing: error).contains("was not released within 500 ms"))
    }
  }

  @Test("The timeout error says what happened and what to do")
  func description() {
    let error = LaunchGateError.timedOut(gate: "terms", after: .seconds(30))
    #expect(
      error.description
        == "Launch gate \"terms\" was not released within 30 s, so it was abandoned. The task waiting for it "
        + "cannot go on; let the error fail the task (mark the task .optional if start-up can go on without it), "
        + "or give the gate more time.")
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
