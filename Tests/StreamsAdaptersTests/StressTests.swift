import Foundation
import StreamsAdapters
import Testing

/// Races between the SDK's callback (on a GCD thread) and cancellation or the timeout. Every wait
/// must resolve exactly once (debug builds use checked continuations, which trap on a second
/// resume and log a leak), with the cancel hook run exactly when cancellation or the timeout won.
@Suite("Stress")
struct StressTests {
  /// The spread of the jitter, in loop turns (up to a few tens of microseconds in a debug build).
  private let jitterRange = 2_000

  /// Tallies of one stress run.
  final class Tally: Sendable {
    private let counts = Locked<[String: Int]>([:])

    func count(_ key: String) {
      counts.withLock { $0[key, default: 0] += 1 }
    }

    subscript(key: String) -> Int { counts.value[key, default: 0] }
  }

  /// Busy-waits about `iterations` loop turns: jitter that moves one side of a race by a few
  /// microseconds, so that both sides win some races. Correctness never depends on it.
  @inline(never)
  static func spin(_ iterations: Int) {
    var accumulator = 0
    for turn in 0..<iterations { accumulator &+= turn &* 31 }
    if accumulator == -1 { print("unreachable") }
  }

  /// Runs `iterations` bodies with at most `width` in flight.
  private func runConcurrently(
    _ iterations: Int, width: Int = 16, _ body: @escaping @Sendable (Int) async -> Void
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<iterations {
        if index >= width { await group.next() }
        group.addTask { await body(index) }
      }
    }
  }

  /// Lets a GCD thread cancel a task that may not have been stored yet.
  final class TaskBox: Sendable {
    private let state = Locked<(task: Task<Int, any Error>?, cancelRequested: Bool)>((nil, false))

    func set(_ task: Task<Int, any Error>) {
      let cancelNow = state.withLock {
        $0.task = task
        return $0.cancelRequested
      }
      if cancelNow { task.cancel() }
    }

    func cancel() {
      let task = state.withLock {
        $0.cancelRequested = true
        return $0.task
      }
      task?.cancel()
    }
  }

  @Test("10,000 callback-vs-cancel races: each wait resolves once; the hook runs iff cancellation won")
  func callbackVersusCancel() async {
    let iterations = 10_000
    let tally = Tally()
    let callbacks = Signals()
    await AdapterHooks.withDiagnosticHandler({ diagnostic in tally.count("diagnostic \(diagnostic.kind)") }) {
      await runConcurrently(iterations) { index in
        let hooks = Counter()
        let box = TaskBox()
        // One race in ten is cancelled before the adapter starts: that task waits for its
        // cancellation first, so it cannot reach `withCallback` before the cancel below.
        let cancelledFirst = index % 10 == 0
        let task = Task {
          while cancelledFirst && !Task.isCancelled { await Task.yield() }
          return try await withCallback { (callback: Callback<Int>) in
            // Two racers leave from the same line, each after its own random jitter: the SDK's
            // callback, and a canceller.
            let handler = callback.valueOnly
            let callbackJitter = Int.random(in: 0..<jitterRange)
            let cancelJitter = Int.random(in: 0..<jitterRange)
            let callbackRacer: @Sendable () -> Void = {
              Self.spin(callbackJitter)
              handler(index)
              callbacks.signal()
            }
            let cancelRacer: @Sendable () -> Void = {
              Self.spin(cancelJitter)
              box.cancel()
            }
            // GCD may run them one after the other: which one leaves first is random, too.
            let racers = Bool.random() ? [callbackRacer, cancelRacer] : [cancelRacer, callbackRacer]
            for racer in racers { DispatchQueue.global().async(execute: racer) }
            return Cancellation { hooks.increment() }
          }
        }
        // Cancelled before start: start must then never run.
        if cancelledFirst { task.cancel() }
        box.set(task)
        switch await task.result {
        case .success(let value):
          tally.count(value == index && hooks.value == 0 ? "value" : "wrong")
        case .failure(is CancellationError):
          tally.count(
            hooks.value == 1 ? "cancelled after start" : hooks.value == 0 ? "cancelled before start" : "wrong")
        case .failure:
          tally.count("wrong")
        }
      }
      await callbacks.wait(for: iterations - tally["cancelled before start"])
    }
    let resolved = tally["value"] + tally["cancelled after start"] + tally["cancelled before start"]
    #expect(resolved == iterations)
    #expect(tally["wrong"] == 0)
    #expect(tally["cancelled before start"] >= iterations / 10)
    #expect(callbacks.value == iterations - tally["cancelled before start"])  // start ran only when not cancelled first
    #expect(
      tally["diagnostic lateCallback(endedBy: StreamsAdapters.AdapterDiagnostic.Ending.cancelled)"]
        == tally["cancelled after start"])
    print(
      "callback-vs-cancel: \(tally["value"]) values, \(tally["cancelled after start"]) cancelled after start, "
        + "\(tally["cancelled before start"]) cancelled before start")
  }

  @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
  @Test("10,000 callback-vs-timeout races: each wait resolves once; the hook runs iff the timeout won")
  func callbackVersusTimeout() async {
    let iterations = 10_000
    let tally = Tally()
    let callbacks = Signals()
    await AdapterHooks.withDiagnosticHandler({ diagnostic in tally.count("diagnostic \(diagnostic.kind)") }) {
      await runConcurrently(iterations) { index in
        let hooks = Counter()
        let result = await outcome {
          try await withCallback(timeout: .duration(.zero, clock: ContinuousClock())) { (callback: Callback<Int>) in
            // The timer fires from a task on the cooperative pool; so does this racer, which
            // sometimes yields once first, so that either may run first.
            let handler = callback.valueOnly
            let jitter = Int.random(in: 0..<jitterRange)
            let yieldsFirst = Bool.random()
            Task.detached {
              if yieldsFirst { await Task.yield() }
              Self.spin(jitter)
              handler(index)
              callbacks.signal()
            }
            return Cancellation { hooks.increment() }
          }
        }
        switch result {
        case .success(let value):
          tally.count(value == index && hooks.value == 0 ? "value" : "wrong")
        case .failure(AdapterError.timedOut):
          tally.count(hooks.value == 1 ? "timed out" : "wrong")
        case .failure:
          tally.count("wrong")
        }
      }
      await callbacks.wait(for: iterations)
    }
    #expect(tally["value"] + tally["timed out"] == iterations)
    #expect(tally["wrong"] == 0)
    #expect(
      tally["diagnostic lateCallback(endedBy: StreamsAdapters.AdapterDiagnostic.Ending.timedOut)"] == tally["timed out"]
    )
    print("callback-vs-timeout: \(tally["value"]) values, \(tally["timed out"]) timed out")
  }

  @Test("2,000 delegate-vs-cancel races on PendingRequest: each wait resolves once; the slot is always free after")
  func delegateVersusCancel() async {
    let iterations = 2_000
    let tally = Tally()
    let resumed = Signals()
    await AdapterHooks.withDiagnosticHandler({ diagnostic in tally.count("diagnostic \(diagnostic.kind)") }) {
      await runConcurrently(iterations) { index in
        let pending = PendingRequest<Int>()
        let hooks = Counter()
        let box = TaskBox()
        let task = Task {
          try await pending.run(cancel: Cancellation { hooks.increment() }) {
            let resumeJitter = Int.random(in: 0..<jitterRange)
            let cancelJitter = Int.random(in: 0..<jitterRange)
            let resumeRacer: @Sendable () -> Void = {
              Self.spin(resumeJitter)
              if pending.resume(returning: index) { tally.count("resume accepted") }
              resumed.signal()
            }
            let cancelRacer: @Sendable () -> Void = {
              Self.spin(cancelJitter)
              box.cancel()
            }
            let racers = Bool.random() ? [resumeRacer, cancelRacer] : [cancelRacer, resumeRacer]
            for racer in racers { DispatchQueue.global().async(execute: racer) }
          }
        }
        box.set(task)
        switch await task.result {
        case .success(let value):
          tally.count(value == index && hooks.value == 0 ? "value" : "wrong")
        case .failure(is CancellationError):
          tally.count(hooks.value == 1 ? "cancelled" : "wrong")
        case .failure:
          tally.count("wrong")
        }
        if pending.isPending { tally.count("wrong") }
      }
      await resumed.wait(for: iterations)
    }
    #expect(tally["value"] + tally["cancelled"] == iterations)
    #expect(tally["wrong"] == 0)
    #expect(tally["resume accepted"] == tally["value"])
    #expect(tally["diagnostic unexpectedCallback"] == tally["cancelled"])
    print("delegate-vs-cancel: \(tally["value"]) values, \(tally["cancelled"]) cancelled")
  }
}
