import Foundation
import Streams
import StreamsTest
import Testing

@Suite("TestScheduler: queue order and the clock")
struct TestSchedulerOrderTests {
  @Test("work runs in time order, with the clock at each item's time")
  func timeOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(30) { log.append("c@\(scheduler.clock)") }
    scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
    scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
    scheduler.start()
    #expect(log == ["a@10", "b@20", "c@30"])
    #expect(scheduler.clock == 30)
  }

  @Test("equal times run first in, first out (heap keeps the scheduling order)")
  func fifoTies() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [Int] = []
    let items = (0..<60).map { index in (time: (index * 7 % 5) * 10, index: index) }
    for item in items {
      scheduler.scheduleAt(item.time) { log.append(item.index) }
    }
    scheduler.start()
    let expected = items.sorted { ($0.time, $0.index) < ($1.time, $1.index) }.map(\.index)
    #expect(log == expected)
  }

  @Test("work scheduled in the past runs at the current clock, ordered by its own time")
  func pastWork() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(300) {
      scheduler.scheduleAt(300) { log.append("now@\(scheduler.clock)") }
      scheduler.scheduleAt(50) { log.append("past@\(scheduler.clock)") }
    }
    scheduler.start()
    #expect(log == ["past@300", "now@300"])
    #expect(scheduler.clock == 300)
  }

  @Test("an initial clock in the future makes earlier work run at once, at that clock")
  func initialClock() {
    let scheduler = TestScheduler(initialClock: 500)
    var clocks: [TestTime] = []
    scheduler.scheduleAt(10) { clocks.append(scheduler.clock) }
    scheduler.scheduleAt(600) { clocks.append(scheduler.clock) }
    scheduler.start()
    #expect(clocks == [500, 600])
  }

  @Test("start() runs until the queue is empty, including work scheduled while running")
  func startDrainsQueue() {
    let scheduler = TestScheduler(initialClock: 0)
    var count = 0
    func chain() {
      count += 1
      if count < 5 { scheduler.scheduleAt(scheduler.clock + 100, action: chain) }
    }
    scheduler.scheduleAt(100, action: chain)
    scheduler.start()
    #expect(count == 5)
    #expect(scheduler.clock == 500)
  }

  @Test("disposing scheduled work before it runs cancels it without moving the clock")
  func cancellation() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    scheduler.scheduleAt(100) { log.append("kept") }
    let cancelled = scheduler.scheduleAt(5000) { log.append("cancelled") }
    let cancelledByWork = scheduler.scheduleAt(200) { log.append("cancelled by work") }
    scheduler.scheduleAt(150) { cancelledByWork.dispose() }
    cancelled.dispose()
    scheduler.start()
    #expect(log == ["kept"])
    #expect(scheduler.clock == 150)
  }

  @Test("disposing work after it ran disposes the disposable the action returned")
  func disposeAfterRun() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposed = false
    let item = scheduler.schedule(()) { _ in Disposables.create { disposed = true } }
    scheduler.start()
    #expect(!disposed)
    item.dispose()
    #expect(disposed)
  }

  @Test("disposing work while it runs disposes its result as soon as it returns")
  func disposeWhileRunning() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposed = false
    var item: Disposable?
    item = scheduler.schedule(()) { _ in
      item?.dispose()
      return Disposables.create { disposed = true }
    }
    scheduler.start()
    #expect(disposed)
  }
}

@Suite("TestScheduler: start(created:subscribed:disposed:create:)")
struct TestSchedulerStartTests {
  @Test("defaults: created at 100, subscribed at 200, disposed at 1000")
  func defaults() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    let observer = scheduler.start { () -> Observable<Int> in
      log.append("created@\(scheduler.clock)")
      return Observable<Int>.create { _ in
        log.append("subscribed@\(scheduler.clock)")
        return Disposables.create { log.append("disposed@\(scheduler.clock)") }
      }
    }
    #expect(log == ["created@100", "subscribed@200", "disposed@1000"])
    #expect(observer.events.isEmpty)
    #expect(scheduler.clock == 1000)
    #expect(TestScheduler.Defaults.created == 100)
    #expect(TestScheduler.Defaults.subscribed == 200)
    #expect(TestScheduler.Defaults.disposed == 1000)
  }

  @Test("the dispose is scheduled even when the sequence ends early")
  func disposeAlwaysScheduled() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Observable.just(1) }
    #expect(observer.events == [.next(200, 1), .completed(200)])
    #expect(scheduler.clock == 1000)
  }

  @Test("start(disposed:) and start(created:subscribed:disposed:) use the given times")
  func customTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4)])
    let early = scheduler.start(disposed: 300) { xs.asObservable() }
    #expect(early.events == [.next(250, 2)])
    #expect(xs.subscriptions == [Subscription(200, 300)])

    let other = TestScheduler(initialClock: 0)
    let ys = other.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4)])
    let custom = other.start(created: 50, subscribed: 140, disposed: 400) { ys.asObservable() }
    #expect(custom.events == [.next(150, 1), .next(250, 2), .next(350, 3)])
    #expect(ys.subscriptions == [Subscription(140, 400)])
    #expect(other.clock == 450)
  }

  @Test("a second start on the same scheduler is in the past, and is reported")
  func secondStart() {
    let scheduler = TestScheduler(initialClock: 0)
    _ = scheduler.start { Observable.just(1) }
    var observer: TestableObserver<Int>?
    let failures = collectFailures {
      observer = scheduler.start { Observable.just(2, scheduler: scheduler) }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("is in the past: the clock is already at 1000") == true)
    // Created, subscribed and disposed all run at 1000, before the element is due.
    #expect(observer?.events == [])
  }

  @Test("subscribing before creating is reported, not a crash")
  func subscribedBeforeCreated() {
    let scheduler = TestScheduler(initialClock: 0)
    let failures = collectFailures {
      _ = scheduler.start(created: 300, subscribed: 200, disposed: 400) { Observable.just(1) }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("subscribed to before it is created") == true)
  }
}

@Suite("TestScheduler: driving the clock")
struct TestSchedulerClockTests {
  @Test("advanceTo runs the work due at or before the time, then sets the clock")
  func advanceTo() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [TestTime] = []
    for time in [10, 20, 30] { scheduler.scheduleAt(time) { log.append(scheduler.clock) } }
    scheduler.advanceTo(20)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 20)
    scheduler.advanceTo(25)
    #expect(log == [10, 20])
    #expect(scheduler.clock == 25)
    scheduler.start()
    #expect(log == [10, 20, 30])
  }

  @Test("advanceTo an earlier time is reported and leaves the clock alone")
  func advanceBackwards() {
    let scheduler = TestScheduler(initialClock: 100)
    let failures = collectFailures { scheduler.advanceTo(50) }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("would move the clock back from 100") == true)
    #expect(scheduler.clock == 100)
  }

  @Test("sleep moves the clock without running work; overdue work then runs at the new clock")
  func sleep() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [TestTime] = []
    scheduler.scheduleAt(30) { log.append(scheduler.clock) }
    scheduler.sleep(50)
    #expect(scheduler.clock == 50)
    #expect(log.isEmpty)
    scheduler.start()
    #expect(log == [50])
    let failures = collectFailures { scheduler.sleep(-1) }
    #expect(failures.count == 1)
    #expect(scheduler.clock == 50)
  }

  @Test("stop() ends start() after the current work; a later start() continues")
  func stop() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [TestTime] = []
    scheduler.scheduleAt(10) { log.append(10) }
    scheduler.scheduleAt(20) {
      log.append(20)
      scheduler.stop()
    }
    scheduler.scheduleAt(30) { log.append(30) }
    scheduler.start()
    #expect(log == [10, 20])
    #expect(scheduler.clock == 20)
    scheduler.start()
    #expect(log == [10, 20, 30])
  }

  @Test("stop() inside advanceTo leaves the clock at the last work run")
  func stopInsideAdvance() {
    let scheduler = TestScheduler(initialClock: 0)
    scheduler.scheduleAt(10) { scheduler.stop() }
    scheduler.scheduleAt(20) {}
    scheduler.advanceTo(100)
    #expect(scheduler.clock == 10)
    scheduler.advanceTo(100)
    #expect(scheduler.clock == 100)
  }

  @Test("start() or advanceTo(_:) from inside scheduled work is reported and ignored")
  func reentrantRun() {
    let scheduler = TestScheduler(initialClock: 0)
    var ranNested = false
    let failures = collectFailures {
      scheduler.scheduleAt(10) {
        scheduler.start()
        scheduler.advanceTo(50)
      }
      scheduler.scheduleAt(20) { ranNested = true }
      scheduler.start()
    }
    #expect(failures.count == 2)
    #expect(failures.allSatisfy { $0.message.contains("already running") })
    #expect(ranNested)
  }

  @Test("now is clock × resolution seconds after 1970")
  func now() {
    let scheduler = TestScheduler(initialClock: 10, resolution: 0.5)
    #expect(scheduler.now == Date(timeIntervalSince1970: 5))
    scheduler.sleep(4)
    #expect(scheduler.now == Date(timeIntervalSince1970: 7))
  }
}

@Suite("TestScheduler: adjustment of operator scheduling")
struct TestSchedulerAdjustmentTests {
  private func runLog(simulateProcessingDelay: Bool) -> [String] {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: simulateProcessingDelay)
    var log: [String] = []
    func record(_ name: String) -> (()) -> Disposable {
      { _ in
        log.append("\(name)@\(scheduler.clock)")
        return Disposables.create()
      }
    }
    scheduler.scheduleAt(300) {
      _ = scheduler.schedule((), action: record("schedule"))
      _ = scheduler.scheduleRelative((), dueTime: .seconds(0), action: record("relative0"))
      _ = scheduler.scheduleRelative((), dueTime: .seconds(-5), action: record("relativeNegative"))
      _ = scheduler.scheduleRelative((), dueTime: .seconds(10), action: record("relative10"))
      scheduler.scheduleAt(300) { log.append("at300@\(scheduler.clock)") }
      scheduler.scheduleAt(250) { log.append("at250@\(scheduler.clock)") }
    }
    scheduler.start()
    return log
  }

  @Test("with simulateProcessingDelay, schedule and scheduleRelative move times ≤ clock to clock + 1")
  func processingDelay() {
    #expect(
      runLog(simulateProcessingDelay: true) == [
        "at250@300", "at300@300", "schedule@301", "relative0@301", "relativeNegative@301", "relative10@310",
      ])
  }

  @Test("without simulateProcessingDelay, they move to the clock itself; scheduleAt is never moved")
  func noProcessingDelay() {
    #expect(
      runLog(simulateProcessingDelay: false) == [
        "at250@300", "schedule@300", "relative0@300", "relativeNegative@300", "at300@300", "relative10@310",
      ])
  }

  @Test(
    "relative intervals convert as Int(seconds / resolution + 0.5)",
    arguments: [
      (1.0, DispatchTimeInterval.seconds(5), 5),
      (1.0, .milliseconds(1500), 2),
      (1.0, .milliseconds(1499), 1),
      (1.0, .microseconds(2_000_000), 2),
      (1.0, .nanoseconds(3_000_000_000), 3),
      (0.5, .milliseconds(750), 2),
      (0.5, .milliseconds(700), 1),
      (0.001, .milliseconds(20), 20),
      (0.001, .microseconds(2500), 3),
      (1.0, .milliseconds(400), 1),  // rounds to 0 ticks, then moves to clock + 1
    ])
  func resolution(resolution: Double, interval: DispatchTimeInterval, expected: TestTime) {
    let scheduler = TestScheduler(initialClock: 0, resolution: resolution)
    var ranAt: TestTime?
    _ = scheduler.scheduleRelative((), dueTime: interval) { _ in
      ranAt = scheduler.clock
      return Disposables.create()
    }
    scheduler.start()
    #expect(ranAt == expected)
  }

  @Test(".never is never run and does not move the clock")
  func never() {
    let scheduler = TestScheduler(initialClock: 0)
    var ran = false
    _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
      ran = true
      return Disposables.create()
    }
    scheduler.start()
    #expect(!ran)
    #expect(scheduler.clock == 0)
  }

  @Test("schedulePeriodic (the SchedulerType default) repeats every period until disposed")
  func periodic() {
    let scheduler = TestScheduler(initialClock: 0)
    var log: [String] = []
    var subscription: Disposable?
    scheduler.scheduleAt(100) {
      subscription = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { state in
        log.append("\(state)@\(scheduler.clock)")
        return state + 1
      }
    }
    scheduler.scheduleAt(131) { subscription?.dispose() }
    scheduler.start()
    #expect(log == ["0@105", "1@115", "2@125"])
  }
}
