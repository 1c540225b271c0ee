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

/// Every flattening strategy with `just` inner sequences mixed with real ones, as RxSwift 6 runs
/// them: the same events at the same virtual times, the same subscriptions, the same completion
/// rules and the same order of re-entrant events. A `just` inner may be short-circuited (its
/// element delivered without a subscription), so these pin what that must keep.
@Suite("Flattening with synchronous (just) inner sequences")
struct SynchronousInnerTests {
  /// Logs each event of `source`, and `after` once an element's `onNext` returned, with the clock.
  private static func trace(
    _ source: Observable<Int>, _ scheduler: TestScheduler, _ log: Log, onNext: @escaping (Int) -> Void = { _ in }
  ) -> Disposable {
    source.subscribe(
      onNext: { value in
        log("\(scheduler.clock) next \(value)")
        onNext(value)
        log("\(scheduler.clock) after \(value)")
      },
      onError: { _ in log("\(scheduler.clock) error") },
      onCompleted: { log("\(scheduler.clock) completed") })
  }

  // MARK: flatMap

  @Test("flatMap: just and real inners interleave; the outer completes while an inner runs")
  func flatMapMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
    ])
    let inner = scheduler.createColdObservable([.next(5, 0), .next(12, 1), .completed(18)])
    let observer = scheduler.start {
      source.flatMap { value in value % 2 == 1 ? Observable.just(value * 10) : inner.map { value * 10 + $0 } }
    }
    #expect(
      observer.events == [
        .next(210, 10), .next(225, 20), .next(230, 30), .next(232, 21), .next(245, 40), .next(252, 41),
        .completed(258),
      ])
    #expect(inner.subscriptions == [Subscription(220, 238), Subscription(240, 258)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  /// The three strategies whose just's element re-entrantly sends the next element and then
  /// completes the source, and the order each gives.
  enum ReentrantSend: CaseIterable, Sendable, CustomTestStringConvertible {
    case flatMap, flatMapLatest, concatMap

    var testDescription: String { "\(self)" }

    func apply(_ subject: PublishSubject<Int>) -> Observable<Int> {
      switch self {
      case .flatMap: subject.flatMap { Observable.just($0) }
      case .flatMapLatest: subject.flatMapLatest { Observable.just($0) }
      case .concatMap: subject.concatMap { Observable.just($0) }
      }
    }

    var expected: [String] {
      switch self {
      // The source's completion waits for both justs to complete, after their `onNext` returned.
      case .flatMap: ["210 next 1", "210 next 2", "210 after 2", "210 after 1", "210 completed"]
      // The newest just completes first and, the source being done, completes the result while
      // the first element's `onNext` is still running; the older just's completion is stale.
      case .flatMapLatest: ["210 next 1", "210 next 2", "210 after 2", "210 completed", "210 after 1"]
      // An element sent while a just's element is delivered waits for it to complete.
      case .concatMap: ["210 next 1", "210 after 1", "210 next 2", "210 after 2", "210 completed"]
      }
    }
  }

  @Test(
    "flatMap, flatMapLatest, concatMap: a just's element re-entrantly sending and completing the source",
    arguments: ReentrantSend.allCases)
  func reentrant(_ strategy: ReentrantSend) {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
    let log = Log()
    let subscription = Self.trace(strategy.apply(subject), scheduler, log) { value in
      if value == 1 { subject.onNext(2) }
      if value == 2 { subject.onCompleted() }
    }
    _ = scheduler.scheduleAt(210) { subject.onNext(1) }
    scheduler.start()
    #expect(log.entries == strategy.expected)
    #expect(!subject.hasObservers)
    subscription.dispose()
  }

  @Test("flatMap: a throwing selector fails after a just, disposing the running inner")
  func flatMapSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 5)])
    let inner = scheduler.createColdObservable([.next(5, 20)])
    let observer = scheduler.start {
      source.flatMap { value -> Observable<Int> in
        switch value {
        case 2: return inner.asObservable()
        case 3: throw TestError(id: 3)
        default: return .just(value * 10)
        }
      }
    }
    #expect(observer.events == [.next(210, 10), .next(225, 20), .error(230, TestError(id: 3))])
    #expect(inner.subscriptions == [Subscription(220, 230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("flatMap: a real inner's error ends the result; later justs are not delivered")
  func flatMapInnerError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
    let failing = scheduler.createColdObservable([.error(5, TestError(id: 2))] as [Recorded<Event<Int>>])
    let observer = scheduler.start {
      source.flatMap { $0 == 2 ? failing.asObservable() : .just($0 * 10) }
    }
    #expect(observer.events == [.next(210, 10), .error(225, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 225)])
  }

  @Test("flatMap: a just after the source completed with no inner running completes at once")
  func flatMapJustThenComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let observer = scheduler.start { source.flatMap { Observable.just($0) } }
    #expect(observer.events == [.next(210, 1), .completed(220)])
  }

  @Test("flatMap: an inner that only wraps a just (deferred) is subscribed each time")
  func flatMapDeferredJust() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let log = Log()
    let observer = scheduler.start {
      source.flatMap { value in
        Observable.deferred {
          log("subscribed \(value)")
          return .just(value)
        }
      }
    }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
    #expect(log.entries == ["subscribed 1", "subscribed 2"])
  }

  // MARK: flatMapLatest and switchLatest

  @Test("flatMapLatest: a just disposes the running inner; the outer completes while one runs")
  func flatMapLatestMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let inner = scheduler.createColdObservable([.next(5, 0), .next(20, 1), .completed(30)])
    let observer = scheduler.start {
      source.flatMapLatest { value in value == 2 ? Observable.just(20) : inner.map { value * 10 + $0 } }
    }
    #expect(
      observer.events == [.next(215, 10), .next(220, 20), .next(235, 30), .next(250, 31), .completed(260)])
    #expect(inner.subscriptions == [Subscription(210, 220), Subscription(230, 260)])
  }

  @Test("flatMapLatest: the previous inner is disposed before a just's element is delivered")
  func flatMapLatestDisposesFirst() {
    let subject = PublishSubject<Int>()
    let log = Log()
    let running = Observable<Int>.create { _ in
      log("subscribed")
      return Disposables.create { log("disposed") }
    }
    let subscription = subject.flatMapLatest { $0 == 1 ? running : .just($0) }
      .subscribe(onNext: { log("next \($0)") }, onCompleted: { log("completed") })
    subject.onNext(1)
    subject.onNext(2)
    subject.onCompleted()
    #expect(log.entries == ["subscribed", "disposed", "next 2", "completed"])
    subscription.dispose()
  }

  @Test("flatMapLatest: a throwing selector fails and disposes the running inner")
  func flatMapLatestSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
    let inner = scheduler.createColdObservable([.next(5, 20)])
    let observer = scheduler.start {
      source.flatMapLatest { value -> Observable<Int> in
        switch value {
        case 1: return .just(10)
        case 2: return inner.asObservable()
        default: throw TestError(id: 3)
        }
      }
    }
    #expect(observer.events == [.next(210, 10), .next(225, 20), .error(230, TestError(id: 3))])
    #expect(inner.subscriptions == [Subscription(220, 230)])
  }

  @Test("switchLatest: a just source replaces the running one; completion waits for none")
  func switchLatestMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = scheduler.createColdObservable([.next(5, 1), .next(20, 2), .completed(30)])
    let source = scheduler.createHotObservable([
      .next(210, inner.asObservable()), .next(220, Observable.just(5)), .completed(230),
    ])
    let observer = scheduler.start { source.switchLatest() }
    #expect(observer.events == [.next(215, 1), .next(220, 5), .completed(230)])
    #expect(inner.subscriptions == [Subscription(210, 220)])
  }

  // MARK: flatMapFirst

  @Test("flatMapFirst: a just is dropped while a real inner runs and delivered when none does")
  func flatMapFirstMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(240, 3), .next(245, 4), .completed(255),
    ])
    let inner = scheduler.createColdObservable([.next(5, 0), .completed(20)])
    let selected = ValueLog<Int>()
    let observer = scheduler.start {
      source.flatMapFirst { value -> Observable<Int> in
        selected.append(value)
        return value == 1 || value == 4 ? inner.map { _ in value * 10 } : .just(value * 10)
      }
    }
    #expect(observer.events == [.next(215, 10), .next(240, 30), .next(250, 40), .completed(265)])
    #expect(inner.subscriptions == [Subscription(210, 230), Subscription(245, 265)])
    #expect(selected.entries == [1, 3, 4])
  }

  @Test("flatMapFirst: an element sent while a just's element is delivered is dropped")
  func flatMapFirstReentrant() {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
    let log = Log()
    let selected = ValueLog<Int>()
    let subscription = Self.trace(
      subject.flatMapFirst { value -> Observable<Int> in
        selected.append(value)
        return .just(value)
      }, scheduler, log
    ) { value in
      if value == 1 { subject.onNext(2) }
    }
    _ = scheduler.scheduleAt(210) { subject.onNext(1) }
    _ = scheduler.scheduleAt(220) { subject.onNext(3) }
    _ = scheduler.scheduleAt(230) { subject.onCompleted() }
    scheduler.start()
    #expect(log.entries == ["210 next 1", "210 after 1", "220 next 3", "220 after 3", "230 completed"])
    #expect(selected.entries == [1, 3])
    subscription.dispose()
  }

  @Test("flatMapFirst: a throwing selector fails when no inner runs")
  func flatMapFirstSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let observer = scheduler.start {
      source.flatMapFirst { value -> Observable<Int> in
        if value == 2 { throw TestError(id: 2) }
        return .just(value)
      }
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 2))])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  // MARK: concatMap, concat and merge(maxConcurrent:)

  @Test("concatMap: a just waits behind a running inner and runs at once when none does")
  func concatMapMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(240, 3), .next(245, 4), .completed(250),
    ])
    let inner = scheduler.createColdObservable([.next(10, 0), .completed(20)])
    let observer = scheduler.start {
      source.concatMap { value in value == 1 ? inner.map { _ in value * 10 } : .just(value * 10) }
    }
    #expect(
      observer.events == [.next(220, 10), .next(230, 20), .next(240, 30), .next(245, 40), .completed(250)])
    #expect(inner.subscriptions == [Subscription(210, 230)])
  }

  @Test("concatMap: the source completes while a real inner runs and a just waits")
  func concatMapCompletesWithQueue() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
    let inner = scheduler.createColdObservable([.next(10, 0), .completed(20)])
    let observer = scheduler.start {
      source.concatMap { value in value == 1 ? inner.map { _ in 10 } : .just(20) }
    }
    #expect(observer.events == [.next(220, 10), .next(230, 20), .completed(230)])
    #expect(inner.subscriptions == [Subscription(210, 230)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("concatMap: a throwing selector fails while a just waits in the queue")
  func concatMapSelectorThrows() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
    let inner = scheduler.createColdObservable([.next(5, 0)])
    let observer = scheduler.start {
      source.concatMap { value -> Observable<Int> in
        switch value {
        case 1: return inner.map { _ in 10 }
        case 2: return .just(20)
        default: throw TestError(id: 3)
        }
      }
    }
    #expect(observer.events == [.next(215, 10), .error(230, TestError(id: 3))])
    #expect(inner.subscriptions == [Subscription(210, 230)])
  }

  @Test("merge(maxConcurrent:): a just runs at once under the limit and waits at the limit")
  func mergeMaxConcurrentMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createColdObservable([.next(7, 1), .completed(20)])
    let b = scheduler.createColdObservable([.next(5, 3), .completed(20)])
    let source = scheduler.createHotObservable([
      .next(210, a.asObservable()), .next(215, Observable.just(2)), .next(220, b.asObservable()),
      .next(225, Observable.just(4)), .completed(235),
    ])
    let observer = scheduler.start { source.merge(maxConcurrent: 2) }
    #expect(
      observer.events == [.next(215, 2), .next(217, 1), .next(225, 3), .next(230, 4), .completed(240)])
    #expect(a.subscriptions == [Subscription(210, 230)])
    #expect(b.subscriptions == [Subscription(220, 240)])
  }

  @Test("concat: justs and real sources run in order")
  func concatMixed() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let observer = scheduler.start {
      Observable.of(Observable.just(1), inner.asObservable(), Observable.just(3)).concat()
    }
    #expect(observer.events == [.next(200, 1), .next(210, 2), .next(220, 3), .completed(220)])
    #expect(inner.subscriptions == [Subscription(200, 220)])
  }

  // MARK: Threads

  @Test("flatMap of justs and real inners from many threads delivers serially and loses nothing")
  func concurrentJusts() async {
    let outer = PublishSubject<Int>()
    let received = Counter()
    let inFlight = Counter()
    let overlaps = Counter()
    let done = Recorder<Int>()
    _ = outer.flatMap { value in value % 2 == 0 ? Observable.just(value) : Observable.from([value, value]) }
      .do(onNext: { _ in
        inFlight.increment()
        if inFlight.value > 1 { overlaps.increment() }
        received.increment()
        inFlight.increment(by: -1)
      })
      .subscribe(done)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask { for index in 0..<500 { outer.onNext(worker * 500 + index) } }
      }
    }
    outer.onCompleted()
    #expect(received.value == 8 * 250 + 8 * 250 * 2)
    #expect(overlaps.value == 0)
    #expect(done.isCompleted)
  }
}

@Suite("flatMapFirst")
struct FlatMapFirstTests {
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
}
