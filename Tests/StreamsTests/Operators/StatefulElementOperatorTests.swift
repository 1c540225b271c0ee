import Streams
import StreamsTest
import Testing

/// RxSwift's rules for `scan`, `distinctUntilChanged`, `skip(_:)` and `take(_:)`: results at their
/// source's time, an error a closure throws ends the sequence and disposes upstream in that tick,
/// and the state is updated before an element is sent, so an element sent back re-entrantly sees it.
@Suite("scan, distinctUntilChanged, skip, take: RxSwift's rules")
struct StatefulElementOperatorTests {
  let scheduler = TestScheduler(initialClock: 0)

  func hot(_ events: [Recorded<Event<Int>>]) -> TestableObservable<Int> {
    scheduler.createHotObservable(events)
  }

  @Test("scan sends each running value at its element's time and completes with the source")
  func scanTimes() {
    let source = hot([.next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
    let observer = scheduler.start { source.scan(10, accumulator: +) }
    #expect(observer.events == [.next(210, 11), .next(220, 13), .next(230, 16), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("scan(into:) mutates the running value in place and passes the source's error on")
  func scanIntoError() {
    let source = hot([.next(210, 1), .next(220, 2), .error(230, TestError(id: 1))])
    let observer = scheduler.start { source.scan(into: [Int]()) { values, value in values.append(value) } }
    #expect(observer.events == [.next(210, [1]), .next(220, [1, 2]), .error(230, TestError(id: 1))])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("An error the accumulator throws ends scan at that time and disposes the source then")
  func scanThrows() {
    let source = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
    let observer = scheduler.start {
      source.scan(0) { total, value in
        if value == 2 { throw TestError(id: 2) }
        return total + value
      }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("A subscriber that re-enters scan finds the running value already updated")
  func scanReentrant() {
    let subject = PublishSubject<Int>()
    let totals = Recorder<Int>()
    _ = subject.scan(0, accumulator: +).subscribe(onNext: { total in
      totals.onNext(total)
      if total == 1 { subject.onNext(100) }
    })
    subject.onNext(1)
    subject.onNext(1000)
    #expect(totals.elements == [1, 101, 1101])
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
