import Foundation
import Streams
import StreamsTest
import Testing

@Suite("TestScheduler: start with any ObservableConvertibleType")
struct TestSchedulerTraitTests {
  @Test("a test observable itself, without asObservable()")
  func testableObservable() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let res = scheduler.start { xs }
    #expect(res.events == [.next(210, 1), .completed(220)])
    #expect(xs.subscriptions == [Subscription(200, 220)])
  }

  @Test("Single, Maybe and Completable record as events of their element type")
  func primitiveSequences() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let single = scheduler.start(created: 100, subscribed: 200, disposed: 1000) { xs.asSingle() }
    #expect(single.events == [.next(220, 1), .completed(220)])

    let maybeScheduler = TestScheduler(initialClock: 0)
    let maybe = maybeScheduler.start(disposed: 300) { Maybe<String>.empty() }
    #expect(maybe.events == [.completed(200)])

    let completableScheduler = TestScheduler(initialClock: 0)
    let completable = completableScheduler.start { Completable.error(TestError("boom")) }
    #expect(completable.events == [.error(200, TestError("boom"), Never.self)])
  }

  @Test("Infallible and relays")
  func infallibleAndRelays() {
    let scheduler = TestScheduler(initialClock: 0)
    let infallible = scheduler.start { Infallible.of(1, 2) }
    #expect(infallible.events == [.next(200, 1), .next(200, 2), .completed(200)])

    let relayScheduler = TestScheduler(initialClock: 0)
    let relay = PublishRelay<Int>()
    relayScheduler.scheduleAt(300) { relay.accept(7) }
    let relayed = relayScheduler.start { relay }
    #expect(relayed.events == [.next(300, 7)])
  }

  @Test("TestScheduler is a VirtualTimeScheduler of ticks: the virtual-time calls and converter work on it")
  func virtualTimeScheduler() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)
    let base: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> = scheduler
    let log = ValueLog<TestTime>()
    _ = base.scheduleAbsoluteVirtual((), time: 40) { _ in
      log.append(scheduler.clock)
      _ = base.scheduleRelativeVirtual((), dueTime: 0) { _ in
        log.append(scheduler.clock)  // Virtual schedules are not adjusted: same tick.
        return Disposables.create()
      }
      _ = base.scheduleRelative((), dueTime: .seconds(5)) { _ in
        log.append(scheduler.clock)  // 5 s at 0.5 s per tick.
        return Disposables.create()
      }
      return Disposables.create()
    }
    base.start()
    #expect(log.entries == [40, 40, 50])
    #expect(scheduler.adjustScheduledTime(50) == 51)
    #expect(scheduler.adjustScheduledTime(49) == 51)
    #expect(scheduler.adjustScheduledTime(60) == 60)
  }

  @Test("TestSchedulerVirtualTimeConverter converts ticks of the resolution, saturating")
  func converter() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.25)
    let log = ValueLog<TestTime>()
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_130)) { _ in
      log.append(scheduler.clock)  // 4.52 ticks round to 5.
      return Disposables.create()
    }
    _ = scheduler.scheduleRelative((), dueTime: .seconds(Int.max)) { _ in
      log.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    #expect(log.entries == [5, Int.max])
  }
}
