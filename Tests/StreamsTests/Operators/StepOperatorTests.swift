import Streams
import StreamsTest
import Testing

/// Marble tests for the operators built on per-subscription state.
@Suite("Transforming and filtering operators")
struct StepOperatorTests {
  let scheduler = TestScheduler(initialClock: 0)

  func hot(_ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
    scheduler.createHotObservable(events)
  }

  @Test("scan sends every running total; a throwing accumulator fails and disposes upstream")
  func scan() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let observer = scheduler.start { source.scan(0, accumulator: +) }
    #expect(observer.events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(240)])
    let throwing = TestScheduler(initialClock: 0)
    let failing = throwing.createHotObservable([.next(210, 1), .next(220, 2), .completed(240)])
    let failed = throwing.start {
      failing.scan(into: 0) { total, value in
        if value == 2 { throw TestError(id: 1) }
        total += value
      }
    }
    #expect(failed.events == [.next(210, 1), .error(220, TestError(id: 1))])
    #expect(failing.subscriptions == [Subscription(200, 220)])
  }

  @Test("reduce sends the total at completion; mapResult transforms it; errors pass through")
  func reduce() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(240)])
    let observer = scheduler.start { source.reduce(10, accumulator: +, mapResult: { "total \($0)" }) }
    #expect(observer.events == [.next(240, "total 13"), .completed(240)])
    let failing = TestScheduler(initialClock: 0)
    let errored = failing.createHotObservable([.next(210, 1), .error(230, TestError(id: 2))])
    let failed = failing.start { errored.reduce(0, accumulator: +) }
    #expect(failed.events == [.error(230, TestError(id: 2))])
  }

  @Test("toArray collects everything into one Single")
  func toArray() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(240)])
    let observer = scheduler.start { source.toArray().asObservable() }
    #expect(observer.events == [.next(240, [1, 2]), .completed(240)])
  }

  @Test("distinctUntilChanged: plain, key selector, comparer and key path")
  func distinctUntilChanged() {
    let source = hot([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(260)])
    let plain = scheduler.start { source.distinctUntilChanged() }
    #expect(plain.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)])

    let byParity = TestScheduler(initialClock: 0)
    let numbers = byParity.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 4), .completed(240)])
    let parity = byParity.start { numbers.distinctUntilChanged { $0 % 2 } }
    #expect(parity.events == [.next(210, 1), .next(230, 4), .completed(240)])

    let strings = Recorder<String>()
    _ = Observable.of("a", "A", "b").distinctUntilChanged { $0.lowercased() == $1.lowercased() }.subscribe(strings)
    #expect(strings.elements == ["a", "b"])

    struct User { let name: String }
    let users = Recorder<String>()
    _ = Observable.of(User(name: "x"), User(name: "x"), User(name: "y")).distinctUntilChanged(at: \.name)
      .map(\.name).subscribe(users)
    #expect(users.elements == ["x", "y"])
  }

  @Test("distinctUntilChanged: a throwing comparer fails and disposes upstream in the same tick")
  func distinctThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(240)])
    let observer = scheduler.start {
      source.distinctUntilChanged { _, _ in throw TestError(id: 3) }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 3))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("startWith sends its elements at subscribe time, before the source")
  func startWith() {
    let source = hot([.next(210, 1), .completed(240)])
    let observer = scheduler.start { source.startWith(-1, 0) }
    #expect(observer.events == [.next(200, -1), .next(200, 0), .next(210, 1), .completed(240)])
  }

  @Test("ignoreElements keeps only the terminal event")
  func ignoreElements() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(240)])
    let observer = scheduler.start { source.ignoreElements().asCompletable().andThen(Observable<Int>.empty()) }
    #expect(observer.events == [.completed(240)])
  }

  @Test("element(at:) sends one element and completes, disposing upstream; too short is an error")
  func elementAt() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let observer = scheduler.start { source.element(at: 1) }
    #expect(observer.events == [.next(220, 2), .completed(220)])
    #expect(source.subscriptions == [Subscription(200, 220)])
    let short = Recorder<Int>()
    _ = Observable.of(1).element(at: 3).subscribe(short)
    #expect(short.error as? StreamsError == .argumentOutOfRange)
  }

  @Test("first() is a Single of the first element, disposing upstream at once")
  func first() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(240)])
    let observer = scheduler.start { source.first().asObservable() }
    #expect(observer.events == [.next(210, Optional(1)), .completed(210)])
    #expect(source.subscriptions == [Subscription(200, 210)])
  }

  @Test("first() of an empty sequence is a Single of nil")
  func firstOfEmpty() {
    let source = hot([.completed(230)])
    let observer = scheduler.start { source.first().asObservable() }
    #expect(observer.events == [.next(230, Int?.none), .completed(230)])
  }

  @Test("enumerated pairs elements with their index")
  func enumerated() {
    let recorder = Recorder<String>()
    _ = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }.subscribe(recorder)
    #expect(recorder.elements == ["0a", "1b"])
  }

  @Test("takeLast sends the last n at completion; takeLast(0) sends none")
  func takeLast() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let observer = scheduler.start { source.takeLast(2) }
    #expect(observer.events == [.next(240, 2), .next(240, 3), .completed(240)])
    let none = Recorder<Int>()
    _ = Observable.of(1, 2).takeLast(0).subscribe(none)
    #expect(none.elements.isEmpty && none.isCompleted)
  }

  @Test("take(while:) exclusive and inclusive; take(until:) predicate form")
  func takeWhile() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(250)])
    let exclusive = scheduler.start { source.take(while: { $0 < 3 }) }
    #expect(exclusive.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
    let inclusive = Recorder<Int>()
    _ = Observable.of(1, 5, 1).take(while: { $0 < 3 }, behavior: .inclusive).subscribe(inclusive)
    #expect(inclusive.elements == [1, 5] && inclusive.isCompleted)
    let until = Recorder<Int>()
    _ = Observable.of(1, 2, 3).take(until: { $0 == 2 }).subscribe(until)
    #expect(until.elements == [1])
  }

  @Test("skip(while:) drops a prefix only")
  func skipWhile() {
    let recorder = Recorder<Int>()
    _ = Observable.of(1, 2, 5, 1).skip(while: { $0 < 3 }).subscribe(recorder)
    #expect(recorder.elements == [5, 1])
  }

  @Test("materialize and dematerialize round-trip, errors included")
  func materialize() {
    let source = hot([.next(210, 1), .error(220, TestError(id: 4))])
    let observer = scheduler.start { source.materialize() }
    #expect(observer.events == [.next(210, .next(1)), .next(220, .error(TestError(id: 4))), .completed(220)])
    let roundTrip = Recorder<Int>()
    _ = Observable.of(1, 2).materialize().dematerialize().subscribe(roundTrip)
    #expect(roundTrip.elements == [1, 2] && roundTrip.isCompleted)
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
