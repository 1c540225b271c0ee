import Streams
import StreamsTest
import Testing

/// What a step-built operator sends when one event makes it send several, and when a subscriber
/// re-enters it while those are being sent.
@Suite("Step operators: several events from one step")
struct StepOutboxTests {
  @Test("takeLast sends its elements, then completion, in order, at the completion time")
  func severalEventsInOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
    ])
    let observer = scheduler.start { source.takeLast(3) }
    #expect(observer.events == [.next(250, 2), .next(250, 3), .next(250, 4), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("A subscriber that re-enters on an element gets the inner step's events before the outer step's rest")
  func reentranceDuringAStepsEvents() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    let subscription = subject.take(2).subscribe(
      onNext: { value in
        recorder.onNext(value)
        if value == 1 { subject.onNext(2) }
      }, onCompleted: { recorder.onCompleted() })
    subject.onNext(1)
    subject.onNext(3)
    #expect(recorder.events == [.next(1), .next(2), .completed])
    subscription.dispose()
  }

  @Test("An error thrown inside a step passes through a later step at once and disposes upstream then")
  func errorThroughSteps() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start {
      source.scan(into: 0) { total, value in
        if value == 2 { throw TestError(id: 7) }
        total += value
      }.takeLast(5)
    }
    #expect(observer.events == [.error(220, TestError(id: 7))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }
}
