import StreamsLaunch
import Testing

@Suite("Failure policy")
struct FailurePolicyTests {
  @Test("A required failure stops start-up: waiting tasks are skipped and finished() names the task and cause")
  func requiredFailureStops() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    queue.enqueue(logging(1, "network", log))
    queue.enqueue(LaunchTask(2, name: "login") { _ in throw TestError("invalid grant") })
    queue.enqueue(logging(3, "appInfo", log))
    queue.enqueue(logging(4, "banner", log, policy: .optional))
    queue.start()

    do {
      try await queue.finished()
      Issue.record("finished() returned after a required failure")
    } catch {
      guard case .requiredTaskFailed(let failure) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(failure.task == "login")
      #expect(failure.rank == "2")
      #expect(failure.attempts == 1)
      #expect(failure.underlying as? TestError == TestError("invalid grant"))
      #expect(error.description.contains("\"login\""))
      #expect(error.description.contains("invalid grant"))
    }
    #expect(log.entries == ["network"])
    #expect(
      recorder.lines.suffix(4) == [
        "failed login", "skipped appInfo: stopped", "skipped banner: stopped",
        "ended failed",
      ])
    #expect(recorder.isCompleted)
    guard case .rejected(.failed) = queue.enqueue(logging(0, "late", log)) else {
      Issue.record("an enqueue after the failure was accepted")
      return
    }
    let report = queue.report()
    #expect(report.table.contains("failed (required, stopped start-up): invalid grant"))
  }

  @Test("An optional failure is reported and start-up continues")
  func optionalFailureContinues() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    queue.enqueue(LaunchTask(1, name: "banner", policy: .optional) { _ in throw TestError("no banner") })
    queue.enqueue(logging(2, "services", log))
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["services"])
    #expect(recorder.lines.contains("failed banner"))
    guard case .failed(let error)? = queue.report().entries.first?.outcome else {
      Issue.record("the report does not show the optional failure")
      return
    }
    #expect(error as? TestError == TestError("no banner"))
  }

  @Test("Retries are counted: a task that fails twice and then succeeds ran three times")
  func retriesCounted() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let attempts = Locked<[Int]>([])
    queue.enqueue(
      LaunchTask(1, name: "fetch", policy: .required.retrying(2)) { context in
        attempts.withLock { $0.append(context.attempt) }
        if context.attempt < 3 { throw TestError("flaky") }
      })
    queue.enqueue(LaunchTask(2, name: "next") { _ in })
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(attempts.value == [1, 2, 3])
    #expect(
      recorder.lines.prefix(7) == [
        "enqueued fetch", "enqueued next", "started fetch", "failed fetch (retrying)",
        "started fetch (attempt 2)", "failed fetch (retrying)", "started fetch (attempt 3)",
      ])
    let entry = queue.report().entries.first
    #expect(entry?.attempts == 3)
    guard case .succeeded? = entry?.outcome else {
      Issue.record("the retried task is not reported as succeeded")
      return
    }
  }

  @Test("When retries run out, the failure counts with every attempt")
  func retriesExhausted() async throws {
    let queue = LaunchQueue<Int>()
    let runs = Locked(0)
    queue.enqueue(
      LaunchTask(1, name: "fetch", policy: .required.retrying(1)) { _ in
        runs.withLock { $0 += 1 }
        throw TestError()
      })
    queue.enqueue(LaunchTask(2, name: "optional", policy: .optional.retrying(3)) { _ in throw TestError() })
    queue.start()
    do {
      try await queue.finished()
      Issue.record("finished() returned")
    } catch {
      guard case .requiredTaskFailed(let failure) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(failure.attempts == 2)
    }
    #expect(runs.value == 2)
  }

  @Test("Optional retries are counted too")
  func optionalRetries() async throws {
    let queue = LaunchQueue<Int>()
    let runs = Locked(0)
    queue.enqueue(
      LaunchTask(1, name: "update", policy: .optional.retrying(3)) { _ in
        runs.withLock { $0 += 1 }
        throw TestError()
      })
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(runs.value == 4)
    #expect(queue.report().entries.first?.attempts == 4)
  }

  @Test("Policies describe themselves and clamp negative retries")
  func policyValues() {
    #expect(LaunchFailurePolicy.required.isRequired)
    #expect(!LaunchFailurePolicy.optional.isRequired)
    #expect(LaunchFailurePolicy.optional.retrying(-3).retries == 0)
    #expect(LaunchFailurePolicy.required.retrying(2).description == "required, 2 retries")
    #expect(LaunchFailurePolicy.required.retrying(2) != .required)
  }

  @Test("A parameter of the wrong type fails the task with an error that names both types")
  func parameterMismatch() async throws {
    let queue = LaunchQueue<Int>()
    queue.enqueue(
      LaunchTask(1, name: "openURL") { context in _ = try context.parameter(as: String.self) }, parameter: 42)
    queue.start()
    do {
      try await queue.finished()
      Issue.record("finished() returned")
    } catch {
      guard case .requiredTaskFailed(let failure) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(
        failure.underlying as? LaunchParameterError == .wrongType(task: "openURL", expected: "String", actual: "Int"))
    }
  }
}
