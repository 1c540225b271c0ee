import Streams
import StreamsTest
import Testing

/// The rules `map`, `filter` and `compactMap` share (their common sink), as RxSwift keeps them.
@Suite("map, filter, compactMap: shared rules")
struct ElementOperatorTests {
  @Test("A chain sends each result at its source's time and disposes upstream at the terminal event")
  func chainTimesAndDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
    ])
    let observer = scheduler.start {
      source.map { $0 * 3 }.filter { $0.isMultiple(of: 2) }.compactMap { $0 > 6 ? $0 + 1 : nil }
    }
    #expect(observer.events == [.next(240, 13), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("An error thrown by a later closure ends the chain with it and disposes the source at that time")
  func throwingLaterStage() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let observer = scheduler.start {
      source.map { $0 * 10 }.filter { value in
        if value == 20 { throw TestError(id: 2) }
        return true
      }
    }
    #expect(observer.events == [.next(210, 10), .error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("map: an error its closure throws ends the chain and disposes the source then")
  func mapError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let observer = scheduler.start {
      source.map { value -> String in
        if value == 2 { throw TestError(id: 2) }
        return "v\(value)"
      }
    }
    #expect(observer.events == [.next(210, "v1"), .error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("map releases each result once it is delivered")
  func mapReleasesResults() {
    expectResultReleased { source, make in source.map { make($0) } }
  }

  /// Applies `apply` to a subject with a closure that makes a new object per element, sends one
  /// element, and expects the object received and then released.
  private func expectResultReleased(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: (Observable<Int>, @escaping (Int) -> Tracked) -> Observable<Tracked>
  ) {
    let subject = PublishSubject<Int>()
    weak var delivered: Tracked?
    let received = Counter()
    let subscription = apply(subject.asObservable()) { _ in
      let result = Tracked()
      delivered = result
      return result
    }
    .subscribe(onNext: { _ in received.increment() })
    subject.onNext(1)
    #expect(received.value == 1, sourceLocation: sourceLocation)
    #expect(delivered == nil, sourceLocation: sourceLocation)
    subscription.dispose()
  }

  @Test("compactMap drops a nil result, and an error its closure throws ends the chain and disposes the source then")
  func compactMapNilAndError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
    ])
    let observer = scheduler.start {
      source.compactMap { value -> String? in
        if value == 3 { throw TestError(id: 3) }
        return value == 2 ? nil : "v\(value)"
      }
    }
    #expect(observer.events == [.next(210, "v1"), .error(230, TestError(id: 3))])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("compactMap releases each result once it is delivered")
  func compactMapReleasesResults() {
    expectResultReleased { source, make in source.compactMap { Optional(make($0)) } }
  }

  @Test("A closure that disposes the subscription keeps the next closure from running for that element")
  func disposingClosureStopsTheChain() {
    let subject = PublishSubject<Int>()
    let secondStageCalls = Counter()
    let received = Recorder<Int>()
    let subscription = SingleAssignmentDisposable()
    subscription.setDisposable(
      subject
        .map { value -> Int in
          if value == 2 { subscription.dispose() }
          return value
        }
        .map { value -> Int in
          secondStageCalls.increment()
          return value
        }
        .subscribe(received))
    subject.onNext(1)
    subject.onNext(2)
    subject.onNext(3)
    #expect(received.elements == [1])
    #expect(secondStageCalls.value == 1)
  }

  @Test("asSingle: a second element is an error at once, and upstream is disposed then")
  func atMostOne() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start { source.asSingle().asObservable() }
    #expect(observer.events == [.error(220, StreamsError.moreThanOneElement)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }
}
