import Streams
import StreamsTest
import Testing

/// RxSwift's rules for `distinctUntilChanged`, `skip(_:)` and `take(_:)`: results at their source's
/// time, an error a closure throws ends the sequence and disposes upstream in that tick,
/// and the state is updated before an element is sent, so an element sent back re-entrantly sees it.
@Suite("distinctUntilChanged, skip, take: RxSwift's rules")
struct CountingAndComparingTests {
  let scheduler = TestScheduler(initialClock: 0)

  func hot(_ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
    scheduler.createHotObservable(events)
  }

  @Test("distinctUntilChanged drops an element equal to the previous one, at the source's times")
  func distinctTimes() {
    let source = hot([.next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(260)])
    let observer = scheduler.start { source.distinctUntilChanged() }
    #expect(observer.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)])
    #expect(source.subscriptions == [Subscription(200, 260)])
  }

  @Test("The comparer gets the previous key first, then the new one; the key replaces the previous one")
  func distinctComparerOrder() {
    let source = hot([.next(210, 1), .next(220, 5), .next(230, 3), .next(240, 8), .completed(250)])
    let pairs = Recorder<[Int]>()
    // Drops an element whose key is below the last kept key.
    let observer = scheduler.start {
      source.distinctUntilChanged({ $0 * 10 }) { previous, key in
        pairs.onNext([previous, key])
        return key < previous
      }
    }
    #expect(observer.events == [.next(210, 1), .next(220, 5), .next(240, 8), .completed(250)])
    #expect(pairs.elements == [[10, 50], [50, 30], [50, 80]])
  }

  @Test("An error the key selector throws ends distinctUntilChanged and disposes the source then")
  func distinctKeySelectorThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start {
      source.distinctUntilChanged { value -> Int in
        if value == 2 { throw TestError(id: 3) }
        return value
      }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 3))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("An error the comparer throws ends distinctUntilChanged; the first element never calls it")
  func distinctComparerThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start {
      source.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw TestError(id: 4) }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 4))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("An element a subscriber sends back re-entrantly is compared with the key just kept")
  func distinctReentrant() {
    let subject = PublishSubject<Int>()
    let received = Recorder<Int>()
    _ = subject.distinctUntilChanged().subscribe(onNext: { value in
      received.onNext(value)
      if value == 1 {
        subject.onNext(1)
        subject.onNext(2)
      }
    })
    subject.onNext(1)
    subject.onNext(2)
    subject.onNext(3)
    #expect(received.elements == [1, 2, 3])
  }

  @Test("distinctUntilChanged() keeps one element: the next distinct one releases it, and so does the end")
  func distinctReleasesTheKeptElement() {
    /// An element equal only to itself, watched through a weak reference.
    final class Element: Equatable, Sendable {
      static func == (lhs: Element, rhs: Element) -> Bool { lhs === rhs }
    }
    let subject = PublishSubject<Element>()
    let received = Counter()
    weak var first: Element?
    weak var second: Element?
    let subscription = subject.distinctUntilChanged().subscribe(onNext: { _ in received.increment() })
    do {
      let element = Element()
      first = element
      subject.onNext(element)
      subject.onNext(element)
    }
    #expect(first != nil)
    do {
      let element = Element()
      second = element
      subject.onNext(element)
    }
    #expect(first == nil)
    #expect(second != nil)
    subscription.dispose()
    #expect(second == nil)
    #expect(received.value == 2)
  }

  @Test("skip drops the first elements, then passes the rest and the completion at their times")
  func skipTimes() {
    let source = hot([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
    let observer = scheduler.start { source.skip(2) }
    #expect(observer.events == [.next(230, 3), .next(240, 4), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("An error before skip's count is reached passes at once")
  func skipError() {
    let source = hot([.next(210, 1), .error(220, TestError(id: 5))])
    let observer = scheduler.start { source.skip(3) }
    #expect(observer.events == [.error(220, TestError(id: 5))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("take completes right after the n-th element and disposes the source in that tick")
  func takeTimes() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let observer = scheduler.start { source.take(2) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(220)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("take(0) completes at subscription without subscribing to the source")
  func takeZero() {
    let source = hot([.next(210, 1), .completed(300)])
    let observer = scheduler.start { source.take(0) }
    #expect(observer.events == [.completed(200)])
    #expect(source.subscriptions.isEmpty)
  }

  @Test("An error before take's count is reached passes on and disposes the source")
  func takeError() {
    let source = hot([.next(210, 1), .error(220, TestError(id: 6)), .next(230, 3)])
    let observer = scheduler.start { source.take(5) }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 6))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("An element sent re-entrantly by take's subscriber counts; completion is sent once")
  func takeReentrant() {
    let subject = PublishSubject<Int>()
    let received = Recorder<Int>()
    _ = subject.take(2).subscribe { event in
      received.on(event)
      if let value = event.element { subject.onNext(value + 10) }
    }
    subject.onNext(1)
    subject.onNext(2)
    #expect(received.events == [.next(1), .next(11), .completed])
  }

  @Test("take(while:) completes at the first failing element and disposes the source then")
  func takeWhileTimes() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
    let observer = scheduler.start { source.take(while: { $0 < 3 }) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("take(while:behavior: .inclusive) sends the failing element, then completes in the same tick")
  func takeWhileInclusive() {
    let source = hot([.next(210, 1), .next(230, 5), .next(240, 1), .completed(300)])
    let observer = scheduler.start { source.take(while: { $0 < 3 }, behavior: .inclusive) }
    #expect(observer.events == [.next(210, 1), .next(230, 5), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("An error the predicate of take(while:) throws ends it and disposes the source then")
  func takeWhileThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start {
      source.take(while: { value in
        if value == 2 { throw TestError(id: 7) }
        return true
      })
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 7))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("An element sent back while take(while:) delivers its inclusive element is not taken")
  func takeWhileInclusiveReentrant() {
    let subject = PublishSubject<Int>()
    let received = Recorder<Int>()
    let predicateCalls = Counter()
    _ = subject.take(
      while: { value in
        predicateCalls.increment()
        return value < 3
      }, behavior: .inclusive
    ).subscribe { event in
      received.on(event)
      if event.element == 5 { subject.onNext(1) }
    }
    subject.onNext(1)
    subject.onNext(5)
    #expect(received.events == [.next(1), .next(5), .completed])
    #expect(predicateCalls.value == 2)
  }

  @Test("skip(while:) passes everything from the first failing element on, without asking again")
  func skipWhileTimes() {
    let source = hot([.next(210, 1), .next(220, 5), .next(230, 1), .completed(300)])
    let predicateCalls = Counter()
    let observer = scheduler.start {
      source.skip(while: { value in
        predicateCalls.increment()
        return value < 3
      })
    }
    #expect(observer.events == [.next(220, 5), .next(230, 1), .completed(300)])
    #expect(source.subscriptions == [Subscription(200, 300)])
    #expect(predicateCalls.value == 2)
  }

  @Test("An error the predicate of skip(while:) throws ends it and disposes the source then")
  func skipWhileThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start {
      source.skip(while: { value in
        if value == 2 { throw TestError(id: 8) }
        return true
      })
    }
    #expect(observer.events == [.error(220, TestError(id: 8))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }
}

/// Marble tests for the filtering operators built on per-subscription state.
@Suite("Filtering operators: marbles")
struct FilteringMarbleTests {
  let scheduler = TestScheduler(initialClock: 0)

  func hot(_ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
    scheduler.createHotObservable(events)
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
}

@Suite("take and skip: subscription and upstream")
struct TakeAndSkipTests {
  @Test("take(0) completes without subscribing upstream")
  func takeZero() {
    let subscribed = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      subscribed.increment()
      return .of(1, 2)
    }.take(0).subscribe(recorder)
    #expect(subscribed.value == 0)
    #expect(recorder.isCompleted)
    #expect(recorder.elements.isEmpty)
  }

  @Test("take(n) completes after n elements and disposes upstream")
  func takeDisposesUpstream() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.take(2).subscribe(recorder)
    subject.onNext(1)
    subject.onNext(2)
    #expect(!subject.hasObservers)
    subject.onNext(3)
    #expect(recorder.elements == [1, 2])
    #expect(recorder.isCompleted)
  }

  @Test("take stops an endless repeatElement on the trampoline")
  func takeStopsEndlessSource() {
    let recorder = Recorder<Int>()
    _ = Observable.repeatElement(7).take(3).subscribe(recorder)
    #expect(recorder.elements == [7, 7, 7])
    #expect(recorder.isCompleted)
  }

  @Test("skip(n) drops the first n elements; errors pass through")
  func skip() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = subject.skip(2).subscribe(recorder)
    for value in 1...4 { subject.onNext(value) }
    subject.onError(TestError(id: 3))
    #expect(recorder.elements == [3, 4])
    #expect(recorder.error as? TestError == TestError(id: 3))
  }
}

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

/// RxSwift 6's rules for `skip(until:)`.
@Suite("skip(until:): a trigger that never fires (RxSwift 6 rules)")
struct SkipUntilTriggerTests {
  @Test("skip(until:) whose trigger completes without an element sends nothing, not even the completion")
  func skipUntilEmptyTriggerSendsNothing() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 225)])
  }

  @Test("skip(until:) whose trigger never sends: the source's completion is swallowed and disposes everything")
  func skipUntilNeverTriggerSwallowsCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 250)])
  }

  @Test("skip(until:) still forwards the source's error before the trigger fired")
  func skipUntilForwardsErrorBeforeTrigger() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(300, 1)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [.error(250, TestError())])
  }
}

@Suite("ifEmpty")
struct IfEmptyTests {
  @Test("ifEmpty(default:) sends the default before completion only when nothing came")
  func defaultValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
    #expect(scheduler.start { empty.ifEmpty(default: 9) }.events == [.next(250, 9), .completed(250)])

    let values = Recorder<Int>()
    _ = Observable.of(1).ifEmpty(default: 9).subscribe(values)
    #expect(values.elements == [1] && values.isCompleted)
    let failing = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).ifEmpty(default: 9).subscribe(failing)
    #expect(failing.events.count == 1 && failing.error is TestError)
  }

  @Test("ifEmpty(switchTo:) subscribes the other sequence only when the source completes empty")
  func switchTo() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
    let other = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
    let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
    #expect(observer.events == [.next(240, 7), .next(250, 8), .completed(260)])
    #expect(source.subscriptions == [Subscription(200, 230)])
    #expect(other.subscriptions == [Subscription(230, 260)])
  }

  @Test("ifEmpty(switchTo:) never subscribes the other sequence after an element; disposal reaches it")
  func switchToNotNeeded() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let other = scheduler.createColdObservable([.next(10, 7)])
    let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
    #expect(observer.events == [.next(210, 1), .completed(230)])
    #expect(other.subscriptions.isEmpty)

    let empty = TestScheduler(initialClock: 0)
    let emptySource = empty.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
    let endless = empty.createColdObservable([.next(10, 7)])
    _ = empty.start(disposed: 300) { emptySource.ifEmpty(switchTo: endless.asObservable()) }
    #expect(endless.subscriptions == [Subscription(230, 300)])
  }
}

@Suite("single()")
struct SingleOperatorTests {
  @Test("One element passes when it arrives; completion follows")
  func oneElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.next(210, 1), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("A second element fails at once with moreThanOneElement and disposes the source")
  func secondElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("Completing without an element fails with noElements")
  func noElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.error(250, RxError.noElements)])
  }

  @Test("single(_:) counts only the matching elements; a thrown error ends the sequence")
  func predicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 4), .next(230, 3), .next(240, 6)])
    let observer = scheduler.start { source.single { $0.isMultiple(of: 2) } }
    #expect(observer.events == [.next(220, 4), .error(240, RxError.moreThanOneElement)])

    let throwing = Recorder<Int>()
    _ = Observable.of(1).single { _ in throw TestError(id: 3) }.subscribe(throwing)
    #expect(throwing.error as? TestError == TestError(id: 3))
  }
}
