import Streams
import StreamsTest
import Testing

/// Bugs found in review, each pinned so it cannot come back.
@Suite("Operator regressions")
struct RegressionTests {
  @Test("flatMapFirst does not call its selector for elements it drops")
  func flatMapFirstSkipsSelector() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let selected = Log()
    let recorder = Recorder<Int>()
    _ = outer.flatMapFirst { value -> Observable<Int> in
      selected("\(value)")
      if value == 3 { throw TestError(id: 3) }
      return inner.asObservable()
    }.subscribe(recorder)
    outer.onNext(1)
    outer.onNext(2)
    outer.onNext(3)
    #expect(selected.entries == ["1"])
    #expect(recorder.error == nil)
  }

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

  @Test("retry of a source that fails synchronously loops instead of nesting (no stack overflow)")
  func retryDoesNotNest() {
    let attempts = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      attempts.increment()
      return .error(TestError(id: 1))
    }.retry(20_000).subscribe(recorder)
    #expect(attempts.value == 20_000)
    #expect(recorder.error as? TestError == TestError(id: 1))
  }

  @Test("concat of many synchronous sources does not nest subscriptions")
  func longConcat() {
    let recorder = Recorder<Int>()
    _ = Observable.concat((0..<20_000).map { Observable.just($0) }).subscribe(recorder)
    #expect(recorder.elements.count == 20_000)
    #expect(recorder.isCompleted)
  }

  @Test("share(replay:scope: .forever) does not restart an ended source for a late subscriber")
  func shareForeverAfterEnd() {
    let subscriptions = Counter()
    let shared = Observable.of(1, 2).do(onSubscribe: { subscriptions.increment() }).share(replay: 1, scope: .forever)
    _ = shared.subscribe()
    let late = Recorder<Int>()
    _ = shared.subscribe(late)
    #expect(late.elements == [2] && late.isCompleted)
    #expect(subscriptions.value == 1)
  }
}
