import Streams
import StreamsTest
import Testing

@Suite("take(until:)")
struct TakeUntilTests {
  @Test("take(until:) completes when the other source sends and disposes both")
  func takeUntil() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
    let stop = scheduler.createHotObservable([.next(230, ()), .completed(260)])
    let observer = scheduler.start { source.take(until: stop) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
    #expect(stop.subscriptions == [Subscription(200, 230)])
  }

  @Test("take(until:): the other source completing changes nothing")
  func takeUntilOtherCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(250)])
    let stop = scheduler.createHotObservable([.completed(220)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.take(until: stop) }
    #expect(observer.events == [.next(210, 1), .next(240, 2), .completed(250)])
  }
}
