import Streams
import StreamsTest
import Testing

/// RxSwift delivers one event per scheduled step in `delay` and `observe(on:)`: events that fall
/// due together go out on consecutive steps, one virtual tick apart.
@Suite("delay and observe(on:) deliver one event per scheduled step (RxSwift 6 rules)")
struct TimeSemanticsTests {
  @Test("delay: an element and a completion due together arrive one tick apart")
  func delayDrainsOneEventPerStep() {
    let scheduler = TestScheduler(initialClock: 0)
    let result = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
    #expect(result.events == [.next(202, 1), .completed(203)])
  }

  @Test("delay: a burst keeps its spacing from the first due time, one step per event")
  func delayBurst() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(220, 3), .completed(230)])
    let result = scheduler.start { source.delay(.seconds(5), scheduler: scheduler) }
    #expect(result.events == [.next(215, 1), .next(216, 2), .next(225, 3), .completed(235)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("observe(on:): events that arrive together are delivered one tick apart")
  func observeOnOneEventPerStep() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(50, 1), .completed(50)])
    let result = scheduler.start { source.observe(on: scheduler) }
    #expect(result.events == [.next(251, 1), .completed(252)])
    // A test observable reaches operators through asObservable(), whose wrapper ends the source's
    // subscription with its terminal event, in RxSwift as here.
    #expect(source.subscriptions == [Subscription(200, 250)])
  }
}
