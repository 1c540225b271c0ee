import Foundation
import Streams
import StreamsTest
import Testing

@Suite("End to end with Streams operators")
struct EndToEndTests {
  @Test("map and filter over a hot marble source")
  func mapFilter() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-1-^-2-3-4-|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
    let observer = scheduler.start { xs.map { $0 * 10 }.filter { $0 != 30 } }
    #expect(observer.events == [.next(220, 20), .next(260, 40), .completed(280)])
    assertMarbles(observer.events, "--a---b-|", values: ["a": 20, "b": 40])
    #expect(xs.subscriptions == [Subscription(200, 280)])
  }

  @Test("take disposes its upstream when it has enough")
  func take() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("--a-b-c-|")
    let observer = scheduler.start { xs.take(2) }
    assertMarbles(observer.events, "--a-(b|)")
    #expect(xs.subscriptions == [Subscription(200, 240)])
  }

  @Test("errors pass through operators and compare by description")
  func errors() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createHotObservable("-a-#", values: ["a": 1], errors: ["#": TestError("broken")])
    let observer = scheduler.start { xs.map { $0 + 1 } }
    #expect(observer.events == [.next(210, 2), .error(230, TestError("broken"))])
    assertMarbles(observer.events, "-b-#", values: ["b": 2], errors: ["#": TestError("broken")])
  }

  @Test("the subscription is disposed at 1000 for a source that never ends")
  func neverEnding() throws {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = try scheduler.createColdObservable("-a-b", values: ["a": 1, "b": 2])
    let observer = scheduler.start { xs.map { $0 } }
    #expect(observer.events == [.next(210, 1), .next(230, 2)])
    #expect(xs.subscriptions == [Subscription(200, 1000)])
  }

  @Test("a PublishSubject driven by scheduled work")
  func publishSubject() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
    scheduler.scheduleAt(150) { subject.onNext(1) }
    scheduler.scheduleAt(210) { subject.onNext(2) }
    scheduler.scheduleAt(220) { subject.onNext(3) }
    scheduler.scheduleAt(230) { subject.onCompleted() }
    let observer = scheduler.start { subject.map { $0 * 2 } }
    #expect(observer.events == [.next(210, 4), .next(220, 6), .completed(230)])
    #expect(!subject.hasObservers)
  }

  @Test("interval on the test scheduler ticks in virtual time; take(3) stops it")
  func interval() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(3) }
    #expect(observer.events == [.next(210, 0), .next(220, 1), .next(230, 2), .completed(230)])
    #expect(scheduler.clock == 1000)
  }

  @Test("timer with a resolution of milliseconds")
  func timer() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let observer = scheduler.start { Observable<Int>.timer(.milliseconds(50), scheduler: scheduler) }
    #expect(observer.events == [.next(250, 0), .completed(250)])
  }

  @Test("an interval is stopped by the dispose; the dispose, scheduled first, wins a tie")
  func intervalUntilDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start(disposed: 260) {
      Observable<Int>.interval(.seconds(20), scheduler: scheduler)
    }
    #expect(observer.events == [.next(220, 0), .next(240, 1)])
    #expect(scheduler.clock == 260)
  }
}
