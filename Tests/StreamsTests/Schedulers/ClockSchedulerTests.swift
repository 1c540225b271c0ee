import Foundation
import Streams
import StreamsTest
import Testing

/// `ClockScheduler`: any Swift `Clock` as a Streams scheduler.
@Suite("ClockScheduler: a Clock as a scheduler")
struct ClockSchedulerTests {
  @Test("Rx time operators on a virtual clock fire at their virtual times")
  func timersOnAVirtualClock() async {
    let virtual = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = virtual.asClock()
    let scheduler = ClockScheduler(clock: clock, referenceDate: Date(timeIntervalSince1970: 0))
    let timeline = Timeline(virtual)
    let bag = DisposeBag()
    Observable<Int>.timer(.milliseconds(100), period: .milliseconds(100), scheduler: scheduler)
      .take(3)
      .subscribe(
        onNext: { tick in timeline.log("tick \(tick)") },
        onCompleted: { timeline.log("done") }
      )
      .disposed(by: bag)
    await clock.advance(by: .seconds(1))
    #expect(timeline.entries == ["100 tick 0", "200 tick 1", "300 tick 2", "300 done"])
  }

  @Test("now follows the clock from the reference date")
  func now() async {
    let virtual = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = virtual.asClock()
    let scheduler = ClockScheduler(clock: clock, referenceDate: Date(timeIntervalSince1970: 1_000))
    #expect(scheduler.now == Date(timeIntervalSince1970: 1_000))
    await clock.advance(by: .milliseconds(1_500))
    #expect(scheduler.now == Date(timeIntervalSince1970: 1_001.5))
  }

  @Test("A disposed action never runs, and its sleep is cancelled")
  func disposeCancels() async {
    let virtual = TestScheduler(initialClock: 0, resolution: 0.001)
    let clock = virtual.asClock()
    let scheduler = ClockScheduler(clock: clock)
    let ran = Locked(false)
    let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
      ran.withLock { $0 = true }
      return Disposables.create()
    }
    await clock.advance(by: .milliseconds(50))
    disposable.dispose()
    await clock.advance(by: .milliseconds(100))
    #expect(!ran.value)
  }

  @Test("On a ContinuousClock, an action runs off the caller's thread", .timeLimit(.minutes(1)))
  func continuousClock() async {
    let scheduler = ClockScheduler(clock: ContinuousClock())
    let done = Signals()
    let site = Locked<Bool?>(nil)
    _ = scheduler.schedule(()) { _ in
      site.withLock { $0 = Thread.isMainThread }
      done.signal()
      return Disposables.create()
    }
    await done.wait(for: 1)
    #expect(site.value == false)
  }
}
