import Dispatch
import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Streams
import Testing

/// Subjects as broadcast sequences: every loop gets every element, in order; replay and live
/// values join with nothing missed or repeated; a slow loop holds nobody up.
@Suite("values: subjects as broadcasts")
struct BroadcastTests {
  static let broadcastCount = 20_000

  @Test("Three concurrent consumers of one subject each receive every value in order")
  func threeConsumers() async throws {
    let subject = PublishSubject<Int>()
    let ready = Signals()
    let results = try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 0..<3 {
        group.addTask {
          var iterator = subject.values.makeAsyncIterator()
          ready.signal()
          var received: [Int] = []
          received.reserveCapacity(Self.broadcastCount)
          while let value = try await iterator.next() { received.append(value) }
          return received
        }
      }
      await ready.wait(for: 3)
      // Sent from another thread, while the three loops run.
      DispatchQueue.global().async {
        for value in 0..<Self.broadcastCount { subject.onNext(value) }
        subject.onCompleted()
      }
      var results: [[Int]] = []
      for try await received in group { results.append(received) }
      return results
    }
    #expect(results.count == 3)
    for received in results {
      #expect(received.count == Self.broadcastCount)
      #expect(received == Array(0..<Self.broadcastCount))
    }
  }

  @Test("A stalled consumer blocks neither onNext nor the other consumers")
  func slowConsumer() async throws {
    let subject = PublishSubject<Int>()
    let ready = Signals()
    let release = Gate()
    let fastDone = Gate()
    let slow = Task.detached { () -> [Int] in
      var iterator = subject.values.makeAsyncIterator()
      ready.signal()
      await release.wait()  // Stalled until everything was sent and the fast loop finished.
      var received: [Int] = []
      while let value = try await iterator.next() { received.append(value) }
      return received
    }
    let fast = Task.detached { () -> [Int] in
      var iterator = subject.values.makeAsyncIterator()
      ready.signal()
      var received: [Int] = []
      while let value = try await iterator.next() { received.append(value) }
      fastDone.open()
      return received
    }
    await ready.wait(for: 2)
    for value in 0..<10_000 { subject.onNext(value) }  // Returns although the slow loop reads nothing.
    subject.onCompleted()
    await fastDone.wait()
    #expect(try await fast.value == Array(0..<10_000))
    release.open()
    #expect(try await slow.value == Array(0..<10_000))
  }

  /// While another thread sends 1, 2, 3, … to `subject`, subscribes `runs` times and records the
  /// first `reads` elements of each subscription.
  ///
  /// Each iterator uses `failOnOverflow(reads)`: it keeps the first `reads` elements, and the next
  /// one disposes its subscription, so the subscriber never waits for the sender during the race
  /// and only a handful of subscriptions are live at any moment. The sender (a thread of its own)
  /// runs ahead of the subscriber by a bounded allowance that each run raises, yielding the
  /// processor when it is used up; after the last subscription it sends `reads + 1` more values,
  /// then completes. Returns what each subscription recorded, and in how many runs
  /// the sender provably sent during `makeAsyncIterator()`.
  func subscribeWhileSending<Subject: SubjectType & ObserverType & Sendable>(
    _ subject: Subject, runs: Int, reads: Int
  ) async throws -> (reads: [[Int]], overlapping: Int) where Subject.Element == Int {
    let sent = Locked(0)
    let allowance = Locked(64)
    let stopAt = Locked(Int.max)
    let started = Gate()
    let finished = Gate()
    // A thread of its own: spinning on a Dispatch worker would take a thread from the pool that
    // also runs Swift tasks on Linux.
    let sender = Thread {
      var value = 0
      while value < stopAt.value {
        guard value < allowance.value else {
          sched_yield()
          continue
        }
        value += 1
        subject.onNext(value)
        sent.value = value
        if value == 1 { started.open() }
      }
      subject.onCompleted()
      finished.open()
    }
    sender.start()
    await started.wait()

    var iterators: [AsyncObservableSequence<Int>.Iterator] = []
    iterators.reserveCapacity(runs)
    var overlapping = 0
    for _ in 0..<runs {
      let before = sent.value
      iterators.append(subject.values(bufferingPolicy: .failOnOverflow(reads)).makeAsyncIterator())
      if sent.value != before { overlapping += 1 }
      allowance.withLock { $0 += 16 }
    }
    // Every subscription sees at least `reads + 1` more values, then the subject completes.
    let last = sent.value + reads + 1
    allowance.withLock { $0 = Swift.max($0, last) }
    stopAt.value = last
    // Read only once everything was sent: reading while elements still arrive would make room in
    // the buffers, and the subscriptions would not end at exactly `reads` elements.
    await finished.wait()

    var results: [[Int]] = []
    results.reserveCapacity(runs)
    for index in iterators.indices {
      var received: [Int] = []
      do {
        while let value = try await iterators[index].next() { received.append(value) }
      } catch AsyncBridgeError.bufferOverflow {
        // Expected: the subscription ended itself after `reads` elements.
      }
      results.append(received)
    }
    return (results, overlapping)
  }

  static let raceRuns = 10_000
  static let raceReads = 8

  @Test("BehaviorSubject: 10,000 subscribes while another thread sends; nothing missed or repeated")
  func behaviorRace() async throws {
    let subject = BehaviorSubject(value: 0)
    let (runs, overlapping) = try await subscribeWhileSending(subject, runs: Self.raceRuns, reads: Self.raceReads)
    var previous = 0
    for received in runs {
      // The current value at the moment of subscribing, then the next values sent, consecutive.
      let first = try #require(received.first)
      #expect(received == Array(first..<(first + Self.raceReads)))
      #expect(first >= previous)  // A later subscription never sees an older value.
      previous = first
    }
    // Evidence that subscribing overlapped with sending in some runs.
    #expect(overlapping > 0)
  }

  @Test("ReplaySubject: 10,000 subscribes while another thread sends; nothing missed or repeated")
  func replayRace() async throws {
    let subject = ReplaySubject<Int>.create(bufferSize: 4)
    let (runs, overlapping) = try await subscribeWhileSending(subject, runs: Self.raceRuns, reads: Self.raceReads)
    for received in runs {
      // The 4 buffered values at the moment of subscribing (fewer only before the 4th send), then
      // the next values sent, consecutive.
      let first = try #require(received.first)
      #expect(received == Array(first..<(first + Self.raceReads)))
    }
    #expect(overlapping > 0)
  }
}
