import Streams
import StreamsTest
import Testing

@Suite("Flattening operators")
struct FlattenTests {
  @Test("flatMap merges inner sequences and completes when all are done")
  func flatMapMerges() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start {
      source.flatMap { value in
        scheduler.createColdObservable([.next(5, value * 10), .next(15, value * 100), .completed(20)])
      }
    }
    #expect(
      observer.events == [
        .next(215, 10), .next(225, 100), .next(225, 20), .next(235, 200), .completed(240),
      ])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("flatMap: an inner error fails the result and disposes the source and other inners")
  func flatMapInnerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
    let long = scheduler.createColdObservable([.next(50, 1)])
    let failing = scheduler.createColdObservable([.error(15, TestError(id: 1))] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.flatMap { $0 == 1 ? long : failing } }
    #expect(observer.events == [.error(235, TestError(id: 1))])
    #expect(source.subscriptions == [Subscription(200, 235)])
    #expect(long.subscriptions == [Subscription(210, 235)])
  }

  @Test("flatMap: a throwing selector fails and disposes upstream in the same tick")
  func flatMapSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let observer = scheduler.start {
      source.flatMap { value -> Observable<Int> in
        if value == 2 { throw TestError(id: 2) }
        return .never()
      }
    }
    #expect(observer.events == [.error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("flatMapLatest disposes the previous inner sequence on each new element")
  func flatMapLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let inner = scheduler.createColdObservable([.next(10, 0), .next(30, 1), .completed(40)])
    let observer = scheduler.start { source.flatMapLatest { value in inner.map { value * 10 + $0 } } }
    #expect(observer.events == [.next(220, 10), .next(240, 20), .next(260, 21), .completed(300)])
    #expect(inner.subscriptions == [Subscription(210, 230), Subscription(230, 270)])
  }

  @Test("flatMapFirst ignores elements while an inner sequence runs")
  func flatMapFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
    let inner = scheduler.createColdObservable([.next(10, 0), .completed(20)])
    let observer = scheduler.start { source.flatMapFirst { value in inner.map { _ in value } } }
    #expect(observer.events == [.next(220, 1), .next(250, 3), .completed(300)])
    #expect(inner.subscriptions == [Subscription(210, 230), Subscription(240, 260)])
  }

  @Test("concatMap runs inner sequences one after another, in order")
  func concatMap() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
    let inner = scheduler.createColdObservable([.next(10, 0), .completed(20)])
    let observer = scheduler.start { source.concatMap { value in inner.map { _ in value } } }
    #expect(observer.events == [.next(220, 1), .next(240, 2), .completed(250)])
    #expect(inner.subscriptions == [Subscription(210, 230), Subscription(230, 250)])
  }

  @Test("concat subscribes the next source as soon as the previous one completed and was disposed")
  func concatSynchronous() {
    let log = Log()
    let first = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onCompleted()
      return Disposables.create { log("first disposed") }
    }
    let second = Observable<Int>.deferred {
      log("second subscribed")
      return .just(2)
    }
    _ = Observable.concat(first, second).subscribe(onNext: { log("next \($0)") }, onCompleted: { log("done") })
    // As in RxSwift: the first source's disposable is disposed before the second is subscribed.
    #expect(log.entries == ["next 1", "first disposed", "second subscribed", "next 2", "done"])
  }

  @Test("merge(maxConcurrent:) queues extra sources in order")
  func mergeMaxConcurrent() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(10, 1), .completed(30)])
    let b = scheduler.createColdObservable([.next(10, 2), .completed(30)])
    let c = scheduler.createColdObservable([.next(10, 3), .completed(30)])
    let observer = scheduler.start { Observable.of(a, b, c).merge(maxConcurrent: 2) }
    #expect(observer.events == [.next(210, 1), .next(210, 2), .next(240, 3), .completed(260)])
    #expect(c.subscriptions == [Subscription(230, 260)])
  }

  @Test("Observable.merge of subjects and switchLatest")
  func mergeAndSwitch() {
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let merged = Recorder<Int>()
    _ = Observable.merge(a.asObservable(), b.asObservable()).subscribe(merged)
    a.onNext(1)
    b.onNext(2)
    a.onCompleted()
    b.onNext(3)
    b.onCompleted()
    #expect(merged.elements == [1, 2, 3] && merged.isCompleted)

    let outer = PublishSubject<Observable<Int>>()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let switched = Recorder<Int>()
    _ = outer.switchLatest().subscribe(switched)
    outer.onNext(first.asObservable())
    first.onNext(1)
    outer.onNext(second.asObservable())
    first.onNext(99)
    second.onNext(2)
    #expect(switched.elements == [1, 2])
    #expect(!first.hasObservers)
  }

  @Test("Disposing a flatMap disposes the source and every inner subscription")
  func disposal() {
    let outer = PublishSubject<Int>()
    let inner = PublishSubject<Int>()
    let subscription = outer.flatMap { _ in inner }.subscribe()
    outer.onNext(1)
    outer.onNext(2)
    #expect(inner.hasObservers)
    subscription.dispose()
    #expect(!outer.hasObservers)
    #expect(!inner.hasObservers)
  }

  @Test("flatMap from many threads delivers serially and loses nothing")
  func concurrentInners() async {
    let outer = PublishSubject<Int>()
    let received = Counter()
    let inFlight = Counter()
    let overlaps = Counter()
    let done = Recorder<Int>()
    _ = outer.flatMap { value in Observable.from(0..<100).map { _ in value } }
      .do(onNext: { _ in
        inFlight.increment()
        if inFlight.value > 1 { overlaps.increment() }
        received.increment()
        inFlight.increment(by: -1)
      })
      .subscribe(done)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask { for index in 0..<50 { outer.onNext(worker * 50 + index) } }
      }
    }
    #expect(received.value == 8 * 50 * 100)
    #expect(overlaps.value == 0)
  }
}
