import Streams
import StreamsTest
import Testing

@Suite("skip(until:)")
struct SkipUntilTests {
  @Test("skip(until:) drops elements until the other source sends")
  func skipUntil() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
    let start = scheduler.createHotObservable([.next(220, ())])
    let observer = scheduler.start { source.skip(until: start) }
    #expect(observer.events == [.next(230, 2), .completed(250)])
    #expect(start.subscriptions == [Subscription(200, 220)])
  }
}
