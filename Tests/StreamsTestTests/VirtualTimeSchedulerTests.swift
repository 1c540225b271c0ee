import Foundation
import Streams
import StreamsTest
import Testing

/// A virtual clock in which one unit is ten seconds, with truncating conversions: a converter
/// unlike `TestScheduler`'s, so the tests see the scheduler use the converter it is given.
private struct TenSecondUnits: VirtualTimeConverterType {
  func convertFromVirtualTime(_ virtualTime: Int) -> RxTime { Date(timeIntervalSince1970: Double(virtualTime) * 10) }
  func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970 / 10) }
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval { Double(virtualTimeInterval) * 10 }
  func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval / 10) }
  func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
  func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}

/// A subclass outside the module, as RxSwift users write them.
private final class TenSecondScheduler: VirtualTimeScheduler<TenSecondUnits>, @unchecked Sendable {
  init(initialClock: Int = 0) {
    super.init(initialClock: initialClock, converter: TenSecondUnits())
  }
}

/// Schedules, at 10 s, work that records the clock and schedules more at +20 s and at once.
private func scheduleNested(on scheduler: TenSecondScheduler, log: ValueLog<Int>, disposeInner: Bool = false) {
  _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
    log.append(scheduler.clock)
    let later = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    let now = scheduler.schedule(()) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    if disposeInner {
      later.dispose()
      now.dispose()
    }
    return Disposables.create()
  }
}

@Suite("VirtualTimeScheduler")
struct VirtualTimeSchedulerTests {
  @Test("the clock starts at the initial value; now converts it through the converter")
  func initialClock() {
    let scheduler = TenSecondScheduler(initialClock: 10)
    #expect(scheduler.clock == 10)
    #expect(scheduler.now == Date(timeIntervalSince1970: 100))
  }

  @Test("relative work lands at now + dueTime converted; schedule runs at the clock, without adjustment")
  func start() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    scheduleNested(on: scheduler, log: log)
    scheduler.start()
    #expect(log.entries == [1, 1, 3])
    #expect(scheduler.clock == 3)
  }

  @Test("disposing work before it runs cancels it")
  func disposeBeforeRun() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    scheduleNested(on: scheduler, log: log, disposeInner: true)
    scheduler.start()
    #expect(log.entries == [1])
    #expect(scheduler.clock == 1)
  }

  @Test("advanceTo runs the work due up to the time and sets the clock to it")
  func advanceTo() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    scheduleNested(on: scheduler, log: log)
    scheduler.advanceTo(1)
    #expect(log.entries == [1, 1])
    #expect(scheduler.clock == 1)
    scheduler.advanceTo(10)
    #expect(log.entries == [1, 1, 3])
    #expect(scheduler.clock == 10)
  }

  @Test("stop ends the run after the current work; the rest stays queued")
  func stop() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 1) { _ in
      log.append(scheduler.clock)
      scheduler.stop()
      return Disposables.create()
    }
    _ = scheduler.scheduleAbsoluteVirtual((), time: 5) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    #expect(log.entries == [1])
    scheduler.start()
    #expect(log.entries == [1, 5])
  }

  @Test("sleep moves the clock; later relative work counts from the new clock")
  func sleep() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      log.append(scheduler.clock)
      scheduler.sleep(10)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        log.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    #expect(log.entries == [1, 11, 13])
  }

  @Test("many items run sorted by time, equal times in scheduling order")
  func ordering() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<(time: Int, index: Int)>()
    let times = (0..<500).map { ($0 * 7919) % 97 }
    for (index, time) in times.enumerated() {
      _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
        log.append((scheduler.clock, index))
        return Disposables.create()
      }
    }
    scheduler.start()
    let expected = times.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
    #expect(log.entries.map(\.index) == expected.map(\.offset))
    #expect(log.entries.map(\.time) == expected.map(\.element))
  }

  @Test(".never is never run")
  func never() {
    let scheduler = TenSecondScheduler()
    let log = ValueLog<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    #expect(log.entries.isEmpty)
    #expect(scheduler.clock == 0)
  }

  @Test("misuse is ignored and reported to Hooks.diagnostic, never a trap")
  func misuse() {
    let reports = ValueLog<String>()
    let previous = Hooks.diagnostic
    Hooks.diagnostic = { diagnostic in
      if case .virtualTimeSchedulerMisuse(let detail) = diagnostic { reports.append(detail) }
    }
    defer { Hooks.diagnostic = previous }
    let scheduler = TenSecondScheduler(initialClock: 5)
    scheduler.advanceTo(2)
    scheduler.sleep(-1)
    _ = scheduler.scheduleAbsoluteVirtual((), time: 6) { _ in
      scheduler.advanceTo(9)
      scheduler.start()
      return Disposables.create()
    }
    scheduler.start()
    #expect(scheduler.clock == 6)
    #expect(reports.entries.count == 4)
    #expect(reports.entries[0].contains("advanceTo(2) would move the clock back from 5"))
    #expect(reports.entries[1].contains("sleep(-1)"))
    #expect(reports.entries[2...].allSatisfy { $0.contains("already running") })
    #expect(reports.entries.allSatisfy { $0.contains("VirtualTimeSchedulerTests.swift") })
  }
}

@Suite("HistoricalScheduler")
struct HistoricalSchedulerTests {
  @Test("the clock is a date, 1970 by default")
  func clock() {
    #expect(HistoricalScheduler().clock == Date(timeIntervalSince1970: 0))
    let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 10))
    #expect(scheduler.clock == Date(timeIntervalSince1970: 10))
    #expect(scheduler.now == Date(timeIntervalSince1970: 10))
  }

  @Test("work runs at its dates; advanceTo and sleep take dates and seconds")
  func dates() {
    let scheduler = HistoricalScheduler()
    let log = ValueLog<TimeInterval>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      log.append(scheduler.now.timeIntervalSince1970)
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(20_500)) { _ in
        log.append(scheduler.now.timeIntervalSince1970)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        log.append(scheduler.now.timeIntervalSince1970)
        return Disposables.create()
      }
    }
    scheduler.advanceTo(Date(timeIntervalSince1970: 20))
    #expect(log.entries == [10, 10])
    #expect(scheduler.clock == Date(timeIntervalSince1970: 20))
    scheduler.sleep(5)
    #expect(scheduler.clock == Date(timeIntervalSince1970: 25))
    scheduler.start()
    #expect(log.entries == [10, 10, 30.5])
  }

  @Test("operators run on it in virtual time")
  func timer() {
    let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 1000))
    let log = ValueLog<String>()
    _ = Observable<Int>.timer(.seconds(60), period: .seconds(30), scheduler: scheduler)
      .take(3)
      .subscribe(
        onNext: { log.append("\($0)@\(Int(scheduler.now.timeIntervalSince1970))") },
        onCompleted: { log.append("done@\(Int(scheduler.now.timeIntervalSince1970))") })
    scheduler.start()
    #expect(log.entries == ["0@1060", "1@1090", "2@1120", "done@1120"])
  }
}
