import StreamsLaunch
import Testing

private enum Step: Int, Comparable, Sendable {
  case network, myInformation, login, appInfo
  static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension LaunchTask where Rank == Step {
  fileprivate static var network: LaunchTask { LaunchTask(.network) { _ in } }
  fileprivate static var myInformation: LaunchTask { LaunchTask(.myInformation) { _ in } }
  fileprivate static var appInfo: LaunchTask { LaunchTask(.appInfo) { _ in } }

  /// Fails its first run by re-enqueueing "my information" and itself, as an expired session would.
  fileprivate static func login(runs: Locked<Int>) -> LaunchTask {
    LaunchTask(.login) { context in
      let run = runs.withLock { count -> Int in
        count += 1
        return count
      }
      guard run == 1 else { return }
      guard case .queued(let id) = context.enqueue(.myInformation), id > context.task.id else {
        Issue.record("my information was not queued")
        return
      }
      guard case .queued = context.enqueue(.login(runs: runs)) else {
        Issue.record("the running login was treated as a waiting duplicate")
        return
      }
    }
  }
}

@Suite("Re-enqueue")
struct ReEnqueueTests {
  @Test("A failed login re-enqueues an earlier rank, which runs next, then logs in again")
  func loginReEnqueuesMyInformation() async throws {
    let queue = LaunchQueue<Step>()
    let recorder = EventRecorder(queue)
    let runs = Locked(0)
    queue.enqueue(.appInfo)
    queue.enqueue(.login(runs: runs))
    queue.enqueue(.myInformation)
    queue.enqueue(.network)
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(recorder.started == ["network", "myInformation", "login", "myInformation", "login", "appInfo"])
    #expect(runs.value == 2)
  }

  @Test("Tasks enqueued from a task of a later rank run before waiting earlier-enqueued ones of larger rank")
  func enqueueFromInsideRunsInRankOrder() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(
      LaunchTask(2, name: "parent") { context in
        log("parent")
        context.enqueue(logging(3, "child-3", log))
        context.enqueue(logging(1, "child-1", log))
      })
    queue.enqueue(logging(3, "sibling-3", log))
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["parent", "child-1", "sibling-3", "child-3"])
  }
}
