import StreamsLaunch
import Testing

@Suite("Dependencies")
struct DependencyTests {
  @Test("A task runs after everything it needs, whatever its rank")
  func needsBeforeRank() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(LaunchTask(1, name: "services", needs: ["userInfo"]) { _ in log("services") })
    queue.enqueue(LaunchTask(2, name: "userInfo", needs: ["login"]) { _ in log("userInfo") })
    queue.enqueue(logging(3, "login", log))
    queue.enqueue(logging(4, "banner", log))
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(log.entries == ["login", "userInfo", "services", "banner"])
    let report = queue.report()
    #expect(report.entries.map(\.task.name) == ["login", "userInfo", "services", "banner"])
    #expect(report.entries.map(\.dependencies) == [[], [report.entries[0].task.id], [report.entries[1].task.id], []])
  }

  @Test("Among ready tasks, rank then first-in first-out decides")
  func readyTasksByRankThenFIFO() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(LaunchTask(5, name: "x", needs: ["root"]) { _ in log("x") })
    queue.enqueue(LaunchTask(2, name: "y1", needs: ["root"]) { _ in log("y1") })
    queue.enqueue(LaunchTask(2, name: "y2") { _ in log("y2") })
    queue.enqueue(LaunchTask(2, name: "y3", needs: ["root"]) { _ in log("y3") })
    queue.enqueue(logging(9, "root", log))
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    // y2 needs nothing and goes first; root unblocks y1, y3 (rank 2, enqueue order) before x (rank 5).
    #expect(log.entries == ["y2", "root", "y1", "y3", "x"])
  }

  @Test("A task enqueued later may depend on a task already done or one still waiting")
  func lateDependents() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(logging(1, "login", log))
    queue.start()
    await queue.idle()
    // login is done: the push handler runs at once.
    queue.enqueue(LaunchTask(0, name: "push", key: .unique, needs: ["login"]) { _ in log("push") })
    await queue.idle()
    // The dependent arrives before what it needs, which arrives later from another entry point.
    queue.enqueue(LaunchTask(0, name: "openURL", needs: ["services"]) { _ in log("openURL") })
    await queue.idle()
    #expect(log.entries == ["login", "push"])
    queue.enqueue(logging(5, "services", log))
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(log.entries == ["login", "push", "services", "openURL"])
  }

  @Test("A dependency still waiting when its key is enqueued again waits for the newest task of that key")
  func waitsForTheNewestOfAKey() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(
      LaunchTask(1, name: "login") { context in
        log("login \(context.attempt)")
        if log.entries.count == 1 { context.enqueue(LaunchTask(1, name: "login") { _ in log("login again") }) }
      })
    queue.enqueue(LaunchTask(0, name: "userInfo", needs: ["login"]) { _ in log("userInfo") })
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(log.entries == ["login 1", "login again", "userInfo"])
  }

  @Test("A cycle is refused at enqueue time with a typed error naming the path; nothing is added")
  func cycleRefused() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    #expect(queue.enqueue(LaunchTask(1, name: "a", needs: ["b"]) { _ in }).id != nil)
    #expect(queue.enqueue(LaunchTask(1, name: "b", needs: ["c"]) { _ in }).id != nil)
    let result = queue.enqueue(LaunchTask(1, name: "c", needs: ["a"]) { _ in })
    guard case .refused(.cycle(let task, let path)) = result else {
      Issue.record("expected a refused cycle, got \(result)")
      return
    }
    #expect(task == "c")
    #expect(path == ["c", "a", "b", "c"])
    #expect(result.id == nil)
    #expect(result.description.contains("c → a → b → c"))

    guard case .refused(.cycle(_, let own)) = queue.enqueue(LaunchTask(1, name: "self", needs: ["self"]) { _ in })
    else {
      Issue.record("a task needing itself was accepted")
      return
    }
    #expect(own == ["self", "self"])
    guard case .refused(.unnamed) = queue.enqueue(LaunchTask(1, name: "u", needs: [.unique]) { _ in }) else {
      Issue.record("a need of LaunchKey.unique was accepted")
      return
    }
    #expect(recorder.lines == ["enqueued a", "enqueued b"])
    queue.cancel()
  }

  @Test("A dependency that never arrives fails a required dependent when the queue finishes, instead of hanging")
  func missingRequiredDependency() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    queue.enqueue(LaunchTask(1, name: "userInfo", needs: ["login"]) { _ in log("userInfo") })
    queue.enqueue(logging(2, "banner", log))
    queue.finish()
    queue.start()
    let error = try await endingError(of: queue)
    guard case .requiredTaskFailed(let failure)? = error,
      case .missing(let task, let dependency)? = failure.underlying as? LaunchDependencyError
    else {
      Issue.record("expected a missing dependency, got \(String(describing: error))")
      return
    }
    #expect(task == "userInfo" && dependency == "login")
    #expect(failure.attempts == 0)
    #expect(failure.description.contains("\"userInfo\" #1 (rank 1) failed without running"))
    #expect(log.entries == ["banner"])
    #expect(recorder.lines.suffix(3) == ["finished banner", "failed userInfo", "ended failed"])
  }

  @Test("After finish(), a need that no task ever had is refused at enqueue; one done or waiting is not")
  func missingRefusedAfterFinish() async throws {
    let queue = LaunchQueue<Int>()
    let release = LaunchGate("release")
    queue.enqueue(LaunchTask(1, name: "login") { _ in try await release.wait() })
    queue.enqueue(LaunchTask(2, name: "services") { _ in })
    queue.start()
    queue.finish()
    let refused = queue.enqueue(LaunchTask(0, name: "push", key: .unique, needs: ["login", "nowhere"]) { _ in })
    guard case .refused(.missing(let task, let dependency)) = refused else {
      Issue.record("expected a refused missing dependency, got \(refused)")
      return
    }
    #expect(task == "push" && dependency == "nowhere")
    #expect(queue.enqueue(LaunchTask(0, name: "push", key: .unique, needs: ["login", "services"]) { _ in }).id != nil)
    release.release()
    try await bounded { try await queue.finished() }
    #expect(queue.report().entries.map(\.task.name) == ["login", "services", "push"])
  }

  @Test("A missing dependency of an optional task fails it alone; start-up finishes")
  func missingOptionalDependency() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    queue.enqueue(LaunchTask(1, name: "coupon", policy: .optional, needs: ["push"]) { _ in })
    queue.start()
    await queue.idle()  // Idle while it waits for an entry point that may still enqueue "push".
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(recorder.lines == ["enqueued coupon", "idle", "failed coupon", "ended finished"])
    guard case .failed(let error)? = queue.report().entries.first?.outcome else {
      Issue.record("the report does not show the failure")
      return
    }
    #expect("\(error)".contains("needs \"push\""))
  }

  @Test("A required dependency that fails fails its dependents, direct or not, with a reason naming it")
  func requiredDependencyFails() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let failures = Locked<[String: LaunchDependencyError]>([:])
    let collecting = queue.events.subscribe(onNext: { event in
      if case .failed(let task, let failure) = event, let error = failure.error as? LaunchDependencyError {
        failures.withLock { $0[task.name] = error }
      }
    })
    defer { collecting.dispose() }
    queue.enqueue(LaunchTask(1, name: "login") { _ in throw TestError("invalid grant") })
    queue.enqueue(LaunchTask(2, name: "userInfo", needs: ["login"]) { _ in })
    queue.enqueue(LaunchTask(3, name: "services", policy: .optional, needs: ["userInfo"]) { _ in })
    queue.enqueue(LaunchTask(4, name: "banner") { _ in })
    queue.start()
    await #expect(throws: LaunchError.self) { try await bounded { try await queue.finished() } }
    #expect(
      recorder.lines.suffix(5) == [
        "failed login", "skipped banner: stopped", "failed userInfo", "failed services", "ended failed",
      ])
    guard case .failed(_, let dependency, let key, let error)? = failures.value["userInfo"],
      case .failed(_, let second, _, _)? = failures.value["services"]
    else {
      Issue.record("dependents did not fail with the dependency: \(failures.value)")
      return
    }
    #expect(dependency == "login #1" && key == "login")
    #expect(error as? TestError == TestError("invalid grant"))
    #expect(second == "userInfo #2")
  }

  @Test("An optional dependency that fails lets its dependents run, and they see the failure")
  func optionalDependencyFails() async throws {
    let queue = LaunchQueue<Int>()
    let seen = Locked<[String]>([])
    queue.enqueue(LaunchTask(1, name: "location", policy: .optional) { _ in throw TestError("denied") })
    queue.enqueue(
      LaunchTask(2, name: "map", needs: ["location"]) { context in
        if case .failed(_, let dependency, _, let error)? = context.failure(of: "location") {
          seen.withLock { $0.append("\(dependency): \(error)") }
        }
      })
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(seen.value == ["location #1: denied"])
  }

  @Test("A task reads its dependencies' results typed")
  func typedResults() async throws {
    struct Session: Sendable, Equatable { let user: String }
    let session = LaunchResultKey<Session>("login")
    let count = LaunchResultKey<Int>("count")
    let queue = LaunchQueue<Int>()
    let seen = Locked<[String]>([])
    queue.enqueue(LaunchTask(1, produces: session) { _ in Session(user: "kim") })
    queue.enqueue(LaunchTask(1, produces: count, name: "count", policy: .optional) { _ in throw TestError("no count") })
    queue.enqueue(
      LaunchTask(2, name: "userInfo", needs: [session.key, count.key]) { context in
        let value: Session = try context.result(of: session)
        seen.withLock { $0.append(value.user) }
        do {
          _ = try context.result(of: count)
        } catch let error as LaunchDependencyError {
          if case .failed(_, let dependency, _, _) = error { seen.withLock { $0.append("failed \(dependency)") } }
        }
        do {
          _ = try context.result(of: LaunchResultKey<Int>("login"))
        } catch let error as LaunchDependencyError {
          if case .noResult(_, _, let expected) = error { seen.withLock { $0.append("no \(expected)") } }
        }
        if case .undeclared? = context.failure(of: "banner") { seen.withLock { $0.append("undeclared") } }
      })
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(seen.value == ["kim", "failed count #2", "no Int", "undeclared"])
  }

  @Test("Cancelling a waiting required dependency fails its dependents instead of leaving them waiting")
  func cancelledDependency() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let login = queue.enqueue(LaunchTask(1, name: "login") { _ in })
    queue.enqueue(LaunchTask(2, name: "push", policy: .optional, needs: ["login"]) { _ in })
    #expect(queue.cancel(login.id!))
    queue.start()
    queue.finish()
    try await bounded { try await queue.finished() }
    #expect(
      recorder.lines == [
        "enqueued login", "enqueued push", "skipped login: cancelled", "failed push", "idle", "ended finished",
      ])
  }
}
