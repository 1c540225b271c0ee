import Foundation
import Streams
import StreamsTest
import Testing

/// A timeline: what happened, at which virtual time, from any thread.
final class Timeline: Sendable {
  private let recorded = Locked<[String]>([])
  let scheduler: TestScheduler

  init(_ scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  var entries: [String] { recorded.value }

  func log(_ what: String) {
    let time = scheduler.clock
    recorded.withLock { $0.append("\(time) \(what)") }
  }
}

/// `VirtualTimeScheduler.asClock()`: Swift's `Clock` on the scheduler's virtual time, and its
/// async `advance`, which hands each instant over to the sleepers it resumed.
@Suite("VirtualTimeClock: one virtual time for Rx and async code")
@MainActor
struct VirtualTimeClockTests {
  @Test("now reads the scheduler's virtual time; the sleep ends at its deadline, among the scheduler's items")
  func sleepEndsAtTheDeadline() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    #expect(clock.now.offset == .zero)
    scheduler.scheduleAt(100) { timeline.log("rx") }
    scheduler.scheduleAt(300) { timeline.log("rx") }
    scheduler.scheduleAt(301) { timeline.log("rx") }
    let sleeper = Task { @MainActor in
      try await Task.sleep(for: .milliseconds(300), clock: clock)
      timeline.log("sleeper")
    }
    await clock.advance(by: .seconds(1))
    #expect(timeline.entries == ["100 rx", "300 rx", "300 sleeper", "301 rx"])
    #expect(scheduler.clock == 1000)
    #expect(clock.now.offset == .seconds(1))
    #expect(await sleeper.result.isSuccess)
  }

  @Test("A sleeper that wakes, schedules Rx work and sleeps again runs before anything due later")
  func resumedSleeperRunsBeforeTimeMovesOn() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    let subject = PublishSubject<Int>()
    let bag = DisposeBag()
    subject.delay(.milliseconds(50), scheduler: scheduler)
      .subscribe(onNext: { value in timeline.log("delayed \(value)") })
      .disposed(by: bag)
    scheduler.scheduleAt(120) { timeline.log("rx") }
    Task { @MainActor in
      for value in 1...3 {
        try await Task.sleep(for: .milliseconds(100), clock: clock)
        timeline.log("send \(value)")
        subject.onNext(value)
      }
    }
    await clock.advance(by: .milliseconds(500))
    #expect(
      timeline.entries == [
        "100 send 1", "120 rx", "150 delayed 1", "200 send 2", "250 delayed 2", "300 send 3", "350 delayed 3",
      ])
  }

  @Test("The same mixed timeline 1,000 times in a row", .timeLimit(.minutes(2)))
  func deterministic() async {
    var first: [String]?
    for _ in 0..<1_000 {
      let entries = await mixedRun()
      if let first {
        #expect(entries == first)
        if entries != first { return }
      } else {
        first = entries
      }
    }
    #expect(first == ["10 rx", "10 a", "15 b", "20 rx", "20 a", "25 b", "30 end"])
  }

  /// Two tasks that sleep twice (with the clock's own `sleep(for:)`, which stays on the main actor),
  /// and Rx work due at the instants they wake: each wake-up must be handed over (the task logs and
  /// sleeps again) before the clock runs anything later.
  private func mixedRun() async -> [String] {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    scheduler.scheduleAt(10) { timeline.log("rx") }
    scheduler.scheduleAt(20) { timeline.log("rx") }
    for (name, first) in [("a", 10), ("b", 15)] {
      Task { @MainActor in
        try await clock.sleep(for: .milliseconds(first))
        timeline.log(name)
        try await clock.sleep(for: .milliseconds(10))
        timeline.log(name)
      }
    }
    await clock.advance(by: .milliseconds(30))
    timeline.log("end")
    return timeline.entries
  }

  @Test("Sleepers of tasks started together that wake at one instant all run at that instant")
  func simultaneousSleepers() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    for name in ["a", "b", "c"] {
      Task { @MainActor in
        try await Task.sleep(for: .milliseconds(10), clock: clock)
        timeline.log(name)
      }
    }
    await clock.advance(by: .milliseconds(10))
    // Their order is the order they went to sleep, which the executor decides for tasks started
    // in one go (the type's documentation).
    #expect(timeline.entries.sorted() == ["10 a", "10 b", "10 c"])
  }

  @Test("Cancelling a sleeping task ends its sleep with CancellationError; time no longer wakes it")
  func cancellation() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    let sleeper = Task { @MainActor in
      do {
        try await Task.sleep(for: .seconds(1), clock: clock)
        timeline.log("woke")
      } catch {
        timeline.log(error is CancellationError ? "cancelled" : "other error")
      }
    }
    await clock.advance(by: .milliseconds(100))
    sleeper.cancel()
    await sleeper.value
    await clock.advance(by: .seconds(2))
    #expect(timeline.entries == ["100 cancelled"])
  }

  @Test("A task cancelled before it sleeps throws at once and schedules nothing")
  func cancelledBeforeSleeping() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let outcome = Task { @MainActor () -> Bool in
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await Task.sleep(for: .seconds(1), clock: clock)
        return false
      } catch {
        return error is CancellationError
      }
    }
    #expect(await outcome.value)
    await clock.run()
    #expect(scheduler.clock == 0)
  }

  @Test("A deadline that is not after now returns without waiting for time")
  func pastDeadline() async throws {
    let scheduler = TestScheduler(initialClock: 500, resolution: 0.001)
    let clock = scheduler.asClock()
    try await clock.sleep(until: clock.now.advanced(by: .milliseconds(-100)))
    try await clock.sleep(for: .zero)
    #expect(scheduler.clock == 500)
  }

  @Test("run() advances to each due instant until nothing is scheduled")
  func runUntilIdle() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    let timeline = Timeline(scheduler)
    Task { @MainActor in
      try await Task.sleep(for: .milliseconds(40), clock: clock)
      timeline.log("first")
      scheduler.scheduleAt(70) { timeline.log("rx") }
      try await Task.sleep(for: .milliseconds(40), clock: clock)
      timeline.log("second")
    }
    await clock.run()
    #expect(timeline.entries == ["40 first", "70 rx", "80 second"])
  }

  @Test("The sleeping task is released after it wakes")
  func sleeperReleased() async {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = scheduler.asClock()
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      Task { @MainActor in
        try await Task.sleep(for: .milliseconds(10), clock: clock)
        _ = tracked
      }
    }
    await clock.advance(by: .milliseconds(10))
    #expect(weakTracked == nil)
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
