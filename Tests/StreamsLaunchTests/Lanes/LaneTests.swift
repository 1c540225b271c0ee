import Foundation
import StreamsLaunch
import Testing

@Suite("Lanes")
struct LaneTests {
  @Test("With lanes, a main-actor task does not wait for a background task it does not need")
  func mainLaneDoesNotWait() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 1))
    let hold = LaunchGate("hold"), uiRan = LaunchGate("ui ran")
    queue.enqueue(LaunchTask(1, name: "network") { _ in try await hold.wait() })
    queue.enqueue(.onMainActor(2, name: "banner") { _ in uiRan.release() })
    queue.start()
    try await bounded { try await uiRan.wait() }  // While network still runs.
    let network = queue.report().entries.first { $0.task.name == "network" }
    #expect(network?.outcome.description == "running")
    hold.release()
    queue.finish()
    try await bounded { try await queue.finished() }
    let lanes = queue.report().entries.map { "\($0.task.name): \($0.runs[0].lane)" }
    #expect(Set(lanes) == ["network: background", "banner: main actor"])
  }

  @Test("With lanes, a main-actor task still waits for the background task it needs")
  func mainLaneWaitsForItsNeeds() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 2))
    let hold = LaunchGate("hold"), reached = LaunchGate("reached")
    let log = Log()
    queue.enqueue(
      LaunchTask(1, name: "login") { _ in
        reached.release()
        try await hold.wait()
        log("login")
      })
    queue.enqueue(.onMainActor(0, name: "welcome", needs: ["login"]) { _ in log("welcome") })
    let appInfoRan = LaunchGate("appInfo ran")
    queue.enqueue(
      LaunchTask(2, name: "appInfo") { _ in
        log("appInfo")
        appInfoRan.release()
      })
    queue.start()
    try await bounded { try await reached.wait() }
    try await bounded { try await appInfoRan.wait() }  // The other background slot ran it.
    #expect(log.entries == ["appInfo"])  // welcome's lane is free, but it needs login.
    hold.release()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(log.entries == ["appInfo", "login", "welcome"])
  }

  @Test("By default a main-actor task still waits for the task that runs: one at a time")
  func serialByDefault() async throws {
    let queue = LaunchQueue<Int>()
    let hold = LaunchGate("hold"), reached = LaunchGate("reached")
    queue.enqueue(
      LaunchTask(1, name: "network") { _ in
        reached.release()
        try await hold.wait()
      })
    queue.enqueue(.onMainActor(2, name: "banner") { _ in })
    queue.start()
    try await bounded { try await reached.wait() }
    await Task.yield()
    #expect(queue.report().entries.map(\.outcome.description) == ["running", "waiting"])
    hold.release()
    queue.finish()
    try await bounded { try await queue.finished() }
  }

  @Test("At most the limit of background tasks run at once; ranks decide who goes when a lane frees up")
  func limitAndRanks() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 2))
    let recorder = EventRecorder(queue)
    let gates = Dictionary(uniqueKeysWithValues: ["a", "b", "c", "d"].map { ($0, LaunchGate($0)) })
    let started = Signals()
    func task(_ rank: Int, _ name: String) -> LaunchTask<Int> {
      LaunchTask(rank, name: name) { _ in
        started.signal()
        try await gates[name]!.wait()
      }
    }
    queue.enqueue(task(1, "a"))
    queue.enqueue(task(2, "b"))
    queue.enqueue(task(3, "c"))
    queue.start()
    try await bounded { await started.wait(for: 2) }
    queue.enqueue(task(0, "d"))  // Arrives while both slots are busy; smaller rank than c.
    #expect(recorder.started == ["a", "b"])
    gates["b"]!.release()
    try await bounded { await started.wait(for: 3) }
    #expect(recorder.started == ["a", "b", "d"])
    gates["a"]!.release()  // Slot 1 frees while d still holds slot 2: c takes slot 1.
    try await bounded { await started.wait(for: 4) }
    gates["d"]!.release()
    gates["c"]!.release()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(recorder.started == ["a", "b", "d", "c"])
    let slots = queue.report().entries.map { "\($0.task.name)\($0.runs[0].slot)" }
    #expect(slots == ["a1", "b2", "d2", "c1"])
  }

  @Test("cancel() with lanes cancels every running task; finished() throws cancelled once all returned")
  func cancelWithLanes() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 2))
    let recorder = EventRecorder(queue)
    let started = Signals()
    for name in ["a", "b"] {
      queue.enqueue(
        LaunchTask(1, name: name) { _ in
          started.signal()
          try await LaunchGate("never").wait()
        })
    }
    queue.enqueue(LaunchTask(2, name: "c") { _ in })
    queue.start()
    try await bounded { await started.wait(for: 2) }
    queue.cancel()
    let error = try await endingError(of: queue)
    guard case .cancelled? = error else {
      Issue.record("expected cancelled, got \(String(describing: error))")
      return
    }
    #expect(Set(recorder.lines.suffix(3).prefix(2)) == ["cancelled a", "cancelled b"])
    #expect(recorder.lines.contains("skipped c: cancelled"))
    #expect(recorder.lines.last == "ended cancelled")
  }

  @Test("A required failure with lanes cancels the tasks still running and ends once they returned")
  func requiredFailureWithLanes() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 2))
    let recorder = EventRecorder(queue)
    let reached = LaunchGate("reached")
    queue.enqueue(
      LaunchTask(1, name: "slow", policy: .optional) { _ in
        reached.release()
        try await LaunchGate("never").wait()
      })
    queue.enqueue(
      LaunchTask(1, name: "login") { _ in
        try await reached.wait()
        throw TestError("invalid grant")
      })
    queue.start()
    await #expect(throws: LaunchError.self) { try await bounded { try await queue.finished() } }
    #expect(recorder.lines.suffix(3) == ["failed login", "cancelled slow", "ended failed"])
  }
}
