import Dispatch
import StreamsLaunch
import StreamsTest
import Testing

@Suite("Deadlines")
struct DeadlineTests {
  @Test("An attempt that overruns its deadline is cancelled and fails with LaunchDeadlineExceeded, in virtual time")
  func overrunFails() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let reached = LaunchGate("reached")
    let sawCancellation = Locked(false)
    queue.enqueue(
      LaunchTask(1, name: "config", policy: .optional, deadline: .milliseconds(100)) { _ in
        reached.release()
        do {
          try await LaunchGate("server").wait()
        } catch let error as LaunchGateError {
          if case .cancelled = error { sawCancellation.value = true }
          throw error
        }
      })
    queue.enqueue(LaunchTask(2, name: "home") { _ in })
    queue.start()
    queue.finish()
    try await bounded { try await reached.wait() }
    scheduler.advanceTo(99)
    #expect(queue.report().entries[0].outcome.description == "running")
    scheduler.advanceTo(100)
    try await bounded { try await queue.finished() }

    #expect(sawCancellation.value)
    let entry = queue.report().entries[0]
    guard case .failed(let error) = entry.outcome else {
      Issue.record("outcome \(entry.outcome)")
      return
    }
    #expect(
      error as? LaunchDeadlineExceeded
        == LaunchDeadlineExceeded(task: "config", deadline: .milliseconds(100), attempt: 1))
    #expect(entry.duration.map { ($0 * 1000).rounded() } == 100)
    #expect(queue.report().entries[1].outcome.description == "ok")
  }

  @Test("A required task that overruns stops start-up with the deadline as the reason")
  func requiredOverrunStops() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let reached = LaunchGate("reached")
    queue.enqueue(
      LaunchTask(1, name: "login", deadline: .seconds(5)) { _ in
        reached.release()
        try await LaunchGate("server").wait()
      })
    queue.start()
    try await bounded { try await reached.wait() }
    scheduler.advanceTo(5_000)
    do {
      try await bounded { try await queue.finished() }
      Issue.record("finished() returned")
    } catch let error as LaunchError {
      guard case .requiredTaskFailed(let failure) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(failure.underlying is LaunchDeadlineExceeded)
      #expect(failure.description.contains("deadline of 5000 ms"))
    }
  }

  @Test("Each attempt gets its own deadline; a retry that returns in time succeeds")
  func deadlinePerAttempt() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let recorder = EventRecorder(queue)
    let reached = LaunchGate("reached")
    queue.enqueue(
      LaunchTask(1, name: "config", policy: .required.retrying(1), deadline: .milliseconds(100)) { context in
        guard context.attempt == 1 else { return }
        reached.release()
        try await LaunchGate("server").wait()
      })
    queue.start()
    queue.finish()
    try await bounded { try await reached.wait() }
    scheduler.advanceTo(100)
    try await bounded { try await queue.finished() }
    #expect(
      recorder.lines == [
        "enqueued config", "started config", "failed config (retrying)",
        "started config (attempt 2)", "finished config", "idle", "ended finished",
      ])
    scheduler.advanceTo(1_000)  // The second attempt's deadline fires after it returned: ignored.
  }

  @Test("A task that returns in time is not touched by its deadline")
  func inTime() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    queue.enqueue(
      LaunchTask(1, name: "fast", deadline: .milliseconds(100)) { _ in scheduler.advanceTo(scheduler.clock + 99) })
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(queue.report().entries[0].outcome.description == "ok")
  }
}
