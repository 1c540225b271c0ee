import Streams
import StreamsTest
import Testing

/// Factory timing rules, in virtual time: scheduled work moves to the next tick.
@Suite("Factories in virtual time")
struct VirtualTimeFactoryTests {
  @Test("just(x, scheduler:) emits one tick after subscribe and completes on the next tick")
  func justScheduled() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Observable.just(7, scheduler: scheduler) }
    #expect(observer.events == [.next(201, 7), .completed(202)])
  }

  @Test("of(…, scheduler:) and from(_:scheduler:) emit one element per tick")
  func ofScheduled() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
    #expect(observer.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    let fromScheduler = TestScheduler(initialClock: 0)
    let fromObserver = fromScheduler.start { Observable.from(["a"], scheduler: fromScheduler) }
    #expect(fromObserver.events == [.next(201, "a"), .completed(202)])
  }

  @Test("range(…, scheduler:) stops at dispose time")
  func rangeDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start(disposed: 203) { Observable.range(start: 0, count: 100, scheduler: scheduler) }
    #expect(observer.events == [.next(201, 0), .next(202, 1)])
  }

  @Test("timer sends 0 at its due time and completes; with a period it keeps ticking")
  func timer() {
    let scheduler = TestScheduler(initialClock: 0)
    let once = scheduler.start { Observable<Int>.timer(.seconds(50), scheduler: scheduler) }
    #expect(once.events == [.next(250, 0), .completed(250)])
    let periodicScheduler = TestScheduler(initialClock: 0)
    let periodic = periodicScheduler.start(disposed: 400) {
      Observable<Int>.timer(.seconds(50), period: .seconds(60), scheduler: periodicScheduler)
    }
    #expect(periodic.events == [.next(250, 0), .next(310, 1), .next(370, 2)])
  }

  @Test("interval ticks every period from one period after subscribe until disposed")
  func interval() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start(disposed: 245) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
    #expect(observer.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
  }

  @Test("generate on a scheduler emits one state per tick")
  func generateScheduled() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start {
      Observable.generate(initialState: 1, condition: { $0 <= 4 }, scheduler: scheduler, iterate: { $0 * 2 })
    }
    #expect(observer.events == [.next(201, 1), .next(202, 2), .next(203, 4), .completed(204)])
  }

  @Test("Hot source through map and take: events, completion and the source's subscription")
  func hotThroughOperators() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
    let observer = scheduler.start { source.map { $0 * 10 }.take(2) }
    #expect(observer.events == [.next(210, 10), .next(220, 20), .completed(220)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("An error thrown by a closure disposes upstream in the same tick")
  func throwDisposesSameTick() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
    let observer = scheduler.start {
      source.filter { value in
        if value == 2 { throw TestError(id: 2) }
        return true
      }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("share: one subscription to a cold source while connected")
  func shareInVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let shared = source.share(replay: 1)
    let late = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(215) { _ = shared.subscribe(late) }
    let observer = scheduler.start { shared }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(late.events == [.next(215, 1), .next(220, 2), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }
}
