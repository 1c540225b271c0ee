import Foundation
import StreamsLaunch
import Testing

@Suite("Ordering")
struct OrderingTests {
  @Test("Tasks run one at a time in rank order, first-in first-out among equal ranks")
  func rankOrder() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    queue.enqueue(logging(3, "c1", log))
    queue.enqueue(logging(1, "a1", log))
    queue.enqueue(logging(2, "b1", log))
    queue.enqueue(logging(1, "a2", log))
    queue.enqueue(logging(3, "c2", log))
    queue.enqueue(logging(2, "b2", log))
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["a1", "a2", "b1", "b2", "c1", "c2"])
  }

  @Test("An enum's declaration order is its rank order")
  func enumRanks() async throws {
    enum Step: Comparable, Sendable { case network, login, banner }
    let queue = LaunchQueue<Step>()
    let log = Log()
    for step in [Step.banner, .login, .network] {
      queue.enqueue(LaunchTask(step) { context in log(context.task.name) })
    }
    queue.start()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["network", "login", "banner"])
  }

  @Test("Nothing enqueued before start() is dropped, and nothing runs before it")
  func enqueueBeforeStart() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let log = Log()
    for index in 0..<100 {
      #expect(queue.enqueue(logging(index % 7, "t\(index)", log)).id != nil)
    }
    let report = queue.report()
    #expect(report.entries.count == 100)
    #expect(report.entries.allSatisfy { if case .waiting = $0.outcome { true } else { false } })
    #expect(log.entries.isEmpty)
    #expect(recorder.started.isEmpty)

    queue.finish()  // Before start: the queue still waits for start().
    queue.start()
    try await queue.finished()
    #expect(log.entries.count == 100)
    #expect(Set(log.entries).count == 100)
  }

  @Test("A task enqueued while another runs waits for it, whatever its rank")
  func oneAtATime() async throws {
    let queue = LaunchQueue<Int>()
    let log = Log()
    let running = Locked((now: 0, most: 0))
    let release = LaunchGate("release")
    queue.enqueue(
      LaunchTask(5, name: "slow") { context in
        running.withLock {
          $0.now += 1; $0.most = max($0.most, $0.now)
        }
        context.enqueue(
          LaunchTask(1, name: "urgent") { _ in
            running.withLock {
              $0.now += 1; $0.most = max($0.most, $0.now)
            }
            log("urgent")
            running.withLock { $0.now -= 1 }
          })
        try await release.wait()
        log("slow")
        running.withLock { $0.now -= 1 }
      })
    queue.start()
    release.release()
    queue.finish()
    try await queue.finished()
    #expect(log.entries == ["slow", "urgent"])
    #expect(running.value.most == 1)
  }

  @Test("1,000 random enqueues from 8 threads before start run in rank order, FIFO among equal ranks")
  func stressBeforeStart() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let ran = Locked<[LaunchTaskID]>([])
    await onThreads(8) { thread in
      var generator = SeededGenerator(seed: UInt64(thread + 1))
      for index in 0..<125 {
        let rank = Int.random(in: 0..<10, using: &generator)
        queue.enqueue(
          LaunchTask(rank, name: "t\(thread)-\(index)", key: .unique) { context in
            ran.withLock { $0.append(context.task.id) }
          })
      }
    }
    queue.start()
    queue.finish()
    try await queue.finished()

    // The order the queue accepted the calls is the order of the `enqueued` events.
    let accepted = recorder.events.compactMap { event -> LaunchTaskInfo<Int>? in
      if case .enqueued(let task) = event { return task }
      return nil
    }
    #expect(accepted.count == 1_000)
    let expected = accepted.enumerated()
      .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
      .map(\.element.id)
    #expect(ran.value == expected)
    #expect(recorder.started.count == 1_000)
  }

  @Test("1,000 random enqueues from 8 threads while running: each runs once, one at a time, FIFO among equal ranks")
  func stressWhileRunning() async throws {
    let queue = LaunchQueue<Int>()
    let recorder = EventRecorder(queue)
    let ran = Locked<[LaunchTaskInfo<Int>]>([])
    let running = Locked((now: 0, most: 0))
    queue.start()
    await onThreads(8) { thread in
      var generator = SeededGenerator(seed: UInt64(100 + thread))
      for index in 0..<125 {
        let rank = Int.random(in: 0..<10, using: &generator)
        queue.enqueue(
          LaunchTask(rank, name: "t\(thread)-\(index)", key: .unique) { context in
            running.withLock {
              $0.now += 1; $0.most = max($0.most, $0.now)
            }
            ran.withLock { $0.append(context.task) }
            running.withLock { $0.now -= 1 }
          })
      }
    }
    queue.finish()
    try await queue.finished()

    let tasks = ran.value
    #expect(tasks.count == 1_000)
    #expect(Set(tasks.map(\.id)).count == 1_000)
    #expect(running.value.most == 1)
    for rank in 0..<10 {
      let ids = tasks.filter { $0.rank == rank }.map(\.id)
      #expect(ids == ids.sorted(), "rank \(rank) did not run first-in first-out")
    }
    // Every task has its three events and nothing else is missing.
    let lines = recorder.lines
    #expect(lines.filter { $0.hasPrefix("enqueued") }.count == 1_000)
    #expect(lines.filter { $0.hasPrefix("finished") }.count == 1_000)
    #expect(lines.last == "ended finished")
    #expect(recorder.isCompleted)
  }
}
