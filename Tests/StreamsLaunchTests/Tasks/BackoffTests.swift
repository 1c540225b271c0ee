import Dispatch
import StreamsLaunch
import StreamsTest
import Testing

@Suite("Retry backoff")
struct BackoffTests {
  @Test("Backoff delays grow by the multiplier up to the maximum")
  func delays() {
    let exponential = LaunchBackoff.exponential(
      initial: .milliseconds(100), multiplier: 2, maximum: .milliseconds(300))
    #expect((1...4).map { exponential.delay(beforeRetry: $0) } == [0.1, 0.2, 0.3, 0.3])
    #expect(LaunchBackoff.constant(.seconds(2)).delay(beforeRetry: 5) == 2)
    #expect(LaunchBackoff.immediate.delay(beforeRetry: 1) == 0)
    #expect(
      LaunchFailurePolicy.optional.retrying(2, backoff: .constant(.seconds(1))).description
        == "optional, 2 retries, backoff every 1000 ms")
  }

  @Test("Retries wait on the queue's scheduler, with growing delays, in virtual time")
  func retriesWaitInVirtualTime() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    var events = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(
      LaunchTask(
        1, name: "appInfo", policy: .optional.retrying(3, backoff: .exponential(initial: .milliseconds(100)))
      ) { _ in throw TestError("503") })
    queue.start()
    queue.finish()
    for wait in [100, 200, 400] {
      _ = await next(&events) { if case .failed = $0 { true } else { false } }
      let now = scheduler.clock
      scheduler.advanceTo(now + wait - 1)
      #expect(queue.report().entries[0].attempts == 1 + [100, 200, 400].firstIndex(of: wait)!)
      scheduler.advanceTo(now + wait)
    }
    try await bounded { try await queue.finished() }
    let runs = queue.report().entries[0].runs
    #expect(runs.map(\.attempt) == [1, 2, 3, 4])
    #expect(runs.map { ($0.start * 1000).rounded() } == [0, 100, 300, 700])
  }

  @Test("While a task waits for its retry it holds no lane: other tasks run")
  func waitingFreesTheLane() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let log = Log()
    var events = queue.asyncEvents.makeAsyncIterator()
    queue.enqueue(
      LaunchTask(1, name: "login", policy: .required.retrying(1, backoff: .constant(.milliseconds(50)))) { context in
        log("login \(context.attempt)")
        if context.attempt == 1 { throw TestError("busy") }
      })
    queue.enqueue(logging(2, "banner", log))
    queue.start()
    queue.finish()
    _ = await next(&events) { if case .finished = $0 { true } else { false } }  // banner, during the wait
    #expect(log.entries == ["login 1", "banner"])
    scheduler.advanceTo(50)
    try await bounded { try await queue.finished() }
    #expect(log.entries == ["login 1", "banner", "login 2"])
  }

  @Test("Cancelling a task that waits for its retry ends the wait: it is reported cancelled")
  func cancelDuringWait() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let recorder = EventRecorder(queue)
    var events = queue.asyncEvents.makeAsyncIterator()
    let id = queue.enqueue(
      LaunchTask(1, name: "login", policy: .required.retrying(1, backoff: .constant(.seconds(1)))) { _ in
        throw TestError("busy")
      }
    ).id!
    queue.start()
    queue.finish()
    _ = await next(&events) { if case .failed = $0 { true } else { false } }
    #expect(queue.cancel(id))
    try await bounded { try await queue.finished() }
    scheduler.advanceTo(2_000)  // The wait's timer fires after the cancellation: ignored.
    #expect(
      recorder.lines == [
        "enqueued login", "started login", "failed login (retrying)", "cancelled login", "idle",
        "ended finished",
      ])
  }
}
