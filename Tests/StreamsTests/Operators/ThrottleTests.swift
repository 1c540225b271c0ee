import Streams
import StreamsTest
import Testing

@Suite("throttle")
struct ThrottleTests {
  @Test("throttle: an element exactly at the window end counts, at millisecond resolution too")
  func throttleMillisecondTie() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let source = scheduler.createHotObservable([.next(210, "a"), .next(250, "c"), .completed(290)])
    let observer = scheduler.start { source.throttle(.milliseconds(40), latest: false, scheduler: scheduler) }
    #expect(observer.events == [.next(210, "a"), .next(250, "c"), .completed(290)])
    let trailing = TestScheduler(initialClock: 0, resolution: 0.001)
    let burst = trailing.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
    let latest = trailing.start { burst.throttle(.milliseconds(40), latest: true, scheduler: trailing) }
    #expect(latest.events == [.next(210, "a"), .next(250, "b"), .completed(300)])
  }
}
