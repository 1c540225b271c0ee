import Streams
import StreamsTest
import Testing

/// Step-built operators disposed before the end dispose upstream at that time.
@Suite("Step operators: disposal")
struct StepOperatorDisposalTests {
  let scheduler = TestScheduler(initialClock: 0)

  func hot(_ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
    scheduler.createHotObservable(events)
  }

  @Test("Disposal before the end disposes upstream at the dispose time")
  func disposal() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(900)])
    let observer = scheduler.start(disposed: 215) { source.scan(0, accumulator: +).distinctUntilChanged() }
    #expect(observer.events == [.next(210, 1)])
    #expect(source.subscriptions == [Subscription(200, 215)])
  }
}

@Suite("Stateful operators under re-entrancy")
struct StepOperatorReentrancyTests {
  @Test("A feedback loop through a subject and scan neither crashes nor loses state")
  func scanFeedbackLoop() {
    let subject = PublishSubject<Int>()
    let totals = Recorder<Int>()
    _ = subject.scan(0, accumulator: +).subscribe(onNext: { total in
      totals.onNext(total)
      if total < 10 { subject.onNext(total) }
    })
    subject.onNext(1)
    #expect(totals.elements == [1, 2, 4, 8, 16])
  }

  @Test("An accumulator that feeds its own source: the inner event is dropped and reported, the state kept")
  func feedbackFromInsideTheStep() {
    let reports = Counter()
    let previous = Hooks.diagnostic
    Hooks.diagnostic = { diagnostic in
      if diagnostic == .eventDuringOperatorStep { reports.increment() }
    }
    defer { Hooks.diagnostic = previous }
    let subject = PublishSubject<Int>()
    let totals = Recorder<Int>()
    _ = subject.scan(0) { total, value in
      if value == 1 { subject.onNext(100) }
      return total + value
    }.subscribe(totals)
    subject.onNext(1)
    subject.onNext(2)
    #expect(totals.elements == [1, 3])
    #expect(reports.value == 1)
  }

  @Test("skip and take count correctly when re-entered")
  func skipTakeReentrant() {
    let subject = PublishSubject<Int>()
    let taken = Recorder<Int>()
    _ = subject.skip(1).take(3).subscribe(onNext: { value in
      taken.onNext(value)
      subject.onNext(value + 1)
    })
    subject.onNext(0)
    subject.onNext(10)
    #expect(taken.elements == [10, 11, 12])
  }
}

/// What a step-built operator sends when one event makes it send several, and when a subscriber
/// re-enters it while those are being sent.
@Suite("Step operators: several events from one step")
struct StepOperatorEventOrderTests {
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
