import StreamsLaunch
import StreamsTest
import Testing

@Suite("Launch report")
struct ReportTests {
  @Test("Starts, durations, attempts and outcomes come from the queue's scheduler")
  func exactTimes() async throws {
    let scheduler = TestScheduler(initialClock: 100, resolution: 0.001)  // ticks of 1 ms
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    scheduler.advanceTo(scheduler.clock + 5_000)  // Time before start() does not count.
    queue.enqueue(LaunchTask(1, name: "network") { _ in scheduler.advanceTo(scheduler.clock + 20) })
    queue.enqueue(
      LaunchTask(2, name: "login", policy: .required.retrying(1)) { context in
        scheduler.advanceTo(scheduler.clock + 100)
        if context.attempt == 1 { throw TestError("expired") }
      })
    queue.enqueue(
      LaunchTask(3, name: "banner", policy: .optional) { _ in
        scheduler.advanceTo(scheduler.clock + 5)
        throw TestError("no banner")
      })
    queue.enqueue(LaunchTask(4, name: "banner", policy: .optional) { _ in })  // Duplicate.
    queue.start()
    queue.finish()
    try await queue.finished()

    let report = queue.report()
    #expect(report.entries.map(\.task.name) == ["network", "login", "banner", "banner"])
    #expect(report.entries.map { $0.start.map { ($0 * 1000).rounded() } } == [0, 20, 220, nil])
    #expect(report.entries.map(\.attempts) == [1, 2, 1, 0])
    let durations = report.entries.map { $0.duration.map { ($0 * 1000).rounded() } }
    #expect(durations == [20, 200, 5, nil])
    #expect(report.elapsed.map { ($0 * 1000).rounded() } == 225)
    guard case .finished? = report.outcome else {
      Issue.record("outcome \(String(describing: report.outcome))")
      return
    }

    let lines = report.table.split(separator: "\n").map(String.init)
    #expect(lines[0] == "Launch report: finished in 0.225 s, 4 tasks")
    #expect(lines[1] == "#  Task      Start  Duration  Attempts  Outcome")
    #expect(lines[2] == "1  network    0 ms     20 ms         1  ok")
    #expect(lines[3] == "2  login     20 ms    200 ms         2  ok")
    #expect(lines[4] == "3  banner   220 ms      5 ms         1  failed (optional): no banner")
    #expect(lines[5] == "4  banner        -         -         0  skipped: duplicate of #3, which is still waiting")
    #expect(report.description == report.table)
  }

  @Test("Entries follow the order tasks ran, even when the time reads the same for every start")
  func runOrderWithAFrozenClock() async throws {
    let scheduler = TestScheduler(initialClock: 100)  // never advanced: every task starts at the same reading
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    queue.enqueue(LaunchTask(3, name: "banner") { _ in })
    queue.enqueue(LaunchTask(1, name: "network") { _ in })
    queue.enqueue(LaunchTask(2, name: "login") { _ in })
    queue.start()
    queue.finish()
    try await queue.finished()

    let report = queue.report()
    #expect(report.entries.map(\.task.name) == ["network", "login", "banner"])
    #expect(report.entries.allSatisfy { $0.start == 0 })
  }

  @Test("A report taken mid-launch shows running and waiting tasks")
  func inProgress() async throws {
    let scheduler = TestScheduler(initialClock: 100)
    let queue = LaunchQueue<Int>(scheduler: scheduler)
    let waiting = LaunchGate("waiting")
    let proceed = LaunchGate("proceed")
    queue.enqueue(
      LaunchTask(1, name: "terms") { _ in
        waiting.release()
        try await proceed.wait()
      })
    queue.enqueue(LaunchTask(2, name: "home") { _ in })
    #expect(queue.report().table.hasPrefix("Launch report: not started, 2 tasks"))
    queue.start()
    try await waiting.wait()
    scheduler.advanceTo(scheduler.clock + 1)
    let report = queue.report()
    #expect(report.outcome == nil)
    #expect(report.entries.map(\.outcome.description) == ["running", "waiting"])
    #expect(report.entries.first?.duration == 1)
    #expect(report.table.hasPrefix("Launch report: in progress in 1.000 s"))
    proceed.release()
    queue.finish()
    try await queue.finished()
  }

  @Test("With a real scheduler durations are monotonic: moving the wall clock during a task does not count")
  func durationsIgnoreWallClock() async throws {
    let wall = MovableClockScheduler()
    let queue = LaunchQueue<Int>(scheduler: wall)
    queue.enqueue(LaunchTask(1, name: "login") { _ in wall.moveClock(by: 3_600) })
    queue.start()
    queue.finish()
    try await queue.finished()
    let duration = try #require(queue.report().entries.first?.duration)
    #expect(duration >= 0 && duration < 60)
  }
}
