import Streams
import StreamsTest
import Testing

@Suite("map, filter and compactMap")
struct MapTests {
  @Test("map, filter and compactMap transform synchronously")
  func transforms() {
    let recorder = Recorder<String>()
    _ = Observable.of(1, 2, 3, 4, 5)
      .map { $0 * 10 }
      .filter { $0 != 20 }
      .compactMap { $0 == 40 ? nil : "v\($0)" }
      .subscribe(recorder)
    #expect(recorder.elements == ["v10", "v30", "v50"])
    #expect(recorder.isCompleted)
  }
}

/// Marble tests for the transforming operators built on per-subscription state.
@Suite("Transforming operators: marbles")
struct TransformingMarbleTests {
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

  @Test("startWith sends its elements at subscribe time, before the source")
  func startWith() {
    let source = hot([.next(210, 1), .completed(240)])
    let observer = scheduler.start { source.startWith(-1, 0) }
    #expect(observer.events == [.next(200, -1), .next(200, 0), .next(210, 1), .completed(240)])
  }

  @Test("enumerated pairs elements with their index")
  func enumerated() {
    let recorder = Recorder<String>()
    _ = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }.subscribe(recorder)
    #expect(recorder.elements == ["0a", "1b"])
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
}

/// RxSwift's rules for `scan`: results at their source's time, an error the accumulator throws ends
/// the sequence and disposes upstream in that tick, and the running value is updated before an
/// element is sent, so an element sent back re-entrantly sees it.
@Suite("scan: RxSwift's rules")
struct ScanTests {
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
}
