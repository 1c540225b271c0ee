import StreamsLaunch
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
  @Test("Once the queue has finished, no task closure or parameter is retained")
  func closuresReleased() async throws {
    weak var weakSucceeded: Tracked?
    weak var weakFailed: Tracked?
    weak var weakDuplicate: Tracked?
    weak var weakReplaced: Tracked?
    weak var weakParameter: Tracked?
    let queue = LaunchQueue<Int>()
    do {
      let succeeded = Tracked(), failed = Tracked(), duplicate = Tracked(), replaced = Tracked()
      let parameter = Tracked()
      weakSucceeded = succeeded
      weakFailed = failed
      weakDuplicate = duplicate
      weakReplaced = replaced
      weakParameter = parameter
      queue.enqueue(LaunchTask(1, name: "ok") { _ in _ = succeeded }, parameter: parameter)
      queue.enqueue(
        LaunchTask(2, name: "bad", policy: .optional.retrying(1)) { _ in
          _ = failed
          throw TestError()
        })
      queue.enqueue(LaunchTask(1, name: "ok") { _ in _ = duplicate })
      queue.enqueue(LaunchTask(3, name: "url") { _ in _ = replaced })
      queue.enqueue(LaunchTask(3, name: "url") { _ in }, onDuplicate: .replaceExisting)
    }
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(weakSucceeded == nil)
    #expect(weakFailed == nil)
    #expect(weakDuplicate == nil)
    #expect(weakReplaced == nil)
    #expect(weakParameter == nil)
  }

  @Test("Once a cancelled queue has ended, the cancelled and skipped closures are released")
  func cancelledClosuresReleased() async throws {
    weak var weakRunning: Tracked?
    weak var weakWaiting: Tracked?
    let queue = LaunchQueue<Int>()
    let started = LaunchGate("started")
    do {
      let running = Tracked(), waiting = Tracked()
      weakRunning = running
      weakWaiting = waiting
      queue.enqueue(
        LaunchTask(1, name: "running") { _ in
          _ = running
          started.release()
          try await LaunchGate("never").wait()
        })
      queue.enqueue(LaunchTask(2, name: "waiting") { _ in _ = waiting })
    }
    queue.start()
    try await started.wait()
    queue.cancel()
    await #expect(throws: LaunchError.self) { try await queue.finished() }
    #expect(weakRunning == nil)
    #expect(weakWaiting == nil)
  }

  @Test("Releasing a finished queue releases its storage")
  func queueReleased() async throws {
    weak var weakQueue: LaunchQueue<Int>?
    do {
      let queue = LaunchQueue<Int>()
      weakQueue = queue
      queue.start()
      queue.finish()
      try await queue.finished()
    }
    #expect(weakQueue == nil)
  }
}
