import Foundation
import StreamsLaunch
import Testing

@Suite("Lanes under load")
struct LaneStressTests {
  /// What the tasks saw while they ran.
  struct Observed {
    var backgroundNow = 0, backgroundMost = 0, mainNow = 0, mainMost = 0
    var runs: [String: Int] = [:]
    var finished = Set<String>()
    var ranBeforeNeeds: [String] = []
  }

  @Test(
    "1,000 tasks with random dependencies from 8 threads: each runs once, after all it needs, within the lanes' limits")
  func randomGraphFromThreads() async throws {
    let queue = LaunchQueue<Int>(concurrency: .lanes(background: 4))
    let observed = Locked(Observed())
    queue.start()
    await onThreads(8) { thread in
      var generator = SeededGenerator(seed: UInt64(300 + thread))
      for index in 0..<125 {
        // Task n needs up to three tasks of smaller numbers, from any thread, which may not have
        // arrived yet: the graph has no cycle, and every need arrives before finish().
        let number = index * 8 + thread
        let needs = (0..<Int.random(in: 0...3, using: &generator)).compactMap { _ -> LaunchKey? in
          number == 0 ? nil : LaunchKey("t\(Int.random(in: 0..<number, using: &generator))")
        }
        let name = "t\(number)"
        let onMain = Int.random(in: 0..<10, using: &generator) == 0
        let body: @Sendable (LaunchContext<Int>) async throws -> Void = { _ in
          observed.withLock { seen in
            seen.runs[name, default: 0] += 1
            if !needs.allSatisfy({ seen.finished.contains($0.description) }) { seen.ranBeforeNeeds.append(name) }
            if onMain {
              seen.mainNow += 1
              seen.mainMost = max(seen.mainMost, seen.mainNow)
            } else {
              seen.backgroundNow += 1
              seen.backgroundMost = max(seen.backgroundMost, seen.backgroundNow)
            }
          }
          await Task.yield()
          observed.withLock { seen in
            if onMain { seen.mainNow -= 1 } else { seen.backgroundNow -= 1 }
            seen.finished.insert(name)
          }
        }
        let rank = Int.random(in: 0..<10, using: &generator)
        let task =
          onMain
          ? LaunchTask.onMainActor(rank, name: name, needs: needs) { context in try await body(context) }
          : LaunchTask(rank, name: name, needs: needs, operation: body)
        #expect(queue.enqueue(task).id != nil)
      }
    }
    queue.finish()
    try await bounded(120) { try await queue.finished() }

    let seen = observed.value
    #expect(seen.runs.count == 1_000)
    #expect(seen.runs.values.allSatisfy { $0 == 1 })
    #expect(seen.ranBeforeNeeds.isEmpty)
    #expect(seen.backgroundMost <= 4)
    #expect(seen.mainMost <= 1)
    let report = queue.report()
    #expect(report.entries.allSatisfy { $0.outcome.description == "ok" })
    #expect(report.entries.allSatisfy { $0.runs.allSatisfy { $0.slot >= 1 && $0.slot <= 4 } })
  }
}
