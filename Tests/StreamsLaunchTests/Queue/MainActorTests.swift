import Foundation
import StreamsLaunch
import Testing

@Suite("Main actor")
struct MainActorTests {
  @MainActor static var touchedOnMain = 0

  /// Marks the main queue, which the main actor runs on. On Linux under `swift test` the main
  /// queue may be drained by a thread other than the process's first one, so `Thread.isMainThread`
  /// cannot tell; the queue-specific value can.
  static let mainKey: DispatchSpecificKey<String> = {
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    return key
  }()

  static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainKey) == "main" }

  @Test("Tasks marked to run on the main actor run there; the others do not need it")
  func mainActorTasks() async throws {
    _ = Self.mainKey
    let queue = LaunchQueue<Int>()
    let threads = Locked<[String: Bool]>([:])
    queue.enqueue(
      LaunchTask(1, name: "background") { _ in
        threads.withLock { $0["background"] = Self.onMainQueue }
      })
    queue.enqueue(
      .onMainActor(2, name: "ui") { context in
        // Compiles only on the main actor.
        MainActorTests.touchedOnMain += 1
        threads.withLock { $0["ui"] = Self.onMainQueue }
        #expect(context.task.runsOnMainActor)
      })
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(threads.value["ui"] == true)
    #expect(threads.value["background"] == false)
    #expect(await MainActorTests.touchedOnMain == 1)
    #expect(queue.report().entries.map(\.task.runsOnMainActor) == [false, true])
  }

  @Test("Waiting for the queue from the main actor suspends instead of blocking it")
  @MainActor
  func waitingOnMainActor() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(.onMainActor(1, name: "needs main") { _ in log("ran on main") })
    queue.start()
    queue.finish()
    // If finished() blocked the main thread, the task above could never run.
    try await queue.finished()
    #expect(log.entries == ["ran on main"])
  }
}
