import Streams
import StreamsTest
import Testing

/// `Resources`: every family of sequences releases what it counted, however a subscription ends,
/// and a leaked subscription stays counted. Each check counts only what its own code creates
/// (`Resources.live(after:)`), so these tests run in parallel with the rest of the suite.
@Suite("Resource counting")
struct ResourceCountTests {
  /// How a subscription ends.
  enum End: CaseIterable, Sendable {
    case completed, error, disposed, bagReleased
  }

  /// The resources still alive after subscribing to `make`'s sequence over a `PublishSubject`
  /// (fed 1 and 2, then ended as `end` says) and running a `TestScheduler` to the end. The subject
  /// and the scheduler outlive the count, as a screen's model and an app's scheduler would: what
  /// they still hold of the subscription counts.
  func leftAlive<Result>(_ end: End, _ make: @escaping (Observable<Int>, TestScheduler) -> Observable<Result>) -> Int32
  {
    let scheduler = TestScheduler(initialClock: 0)
    let source = PublishSubject<Int>()
    return Resources.live {
      var bag: DisposeBag? = DisposeBag()
      let subscription = make(source.asObservable(), scheduler).subscribe(onError: { _ in })
      _ = scheduler.scheduleAt(10) { source.onNext(1) }
      _ = scheduler.scheduleAt(20) { source.onNext(2) }
      _ = scheduler.scheduleAt(30) {
        switch end {
        case .completed: source.onCompleted()
        case .error: source.onError(TestError())
        case .disposed: subscription.dispose()
        case .bagReleased:
          subscription.disposed(by: bag!)
          bag = nil
        }
      }
      scheduler.start()
    }
  }

  /// Expects `make`'s sequence to leave nothing alive, for every kind of end.
  func expectReleased<Result>(
    _ end: End, _ make: @escaping (Observable<Int>, TestScheduler) -> Observable<Result>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(leftAlive(end, make) == 0, sourceLocation: sourceLocation)
  }

  @Test("Operators release everything", arguments: End.allCases)
  func operators(_ end: End) {
    expectReleased(end) { source, _ in source.map { $0 + 1 }.filter { $0 > 0 }.scan(0, accumulator: +) }
    expectReleased(end) { source, _ in source.distinctUntilChanged().skip(1).startWith(0).take(5) }
    expectReleased(end) { source, _ in source.catchAndReturn(0).retry(2).materialize().map { _ in 0 } }
    expectReleased(end) { source, _ in source.reduce(0, accumulator: +).do(onNext: { _ in }).enumerated().map(\.index) }
    expectReleased(end) { source, _ in source.take(until: PublishSubject<Int>()).ifEmpty(default: 0) }
  }

  @Test("Subjects and relays release their observers", arguments: End.allCases)
  func subjects(_ end: End) {
    expectReleased(end) { source, _ in
      let subject = BehaviorSubject(value: 0)
      return Observable.create { observer in
        let inner = subject.subscribe(observer)
        let feed = source.subscribe(subject)
        return Disposables.create(inner, feed)
      }
    }
    expectReleased(end) { source, _ in
      let replay = ReplaySubject<Int>.create(bufferSize: 2)
      let async = AsyncSubject<Int>()
      return Observable.create { observer in
        let inner = Observable.merge(replay, async).subscribe(observer)
        return Disposables.create(inner, source.subscribe(replay), source.subscribe(async))
      }
    }
    // A relay never ends: only disposing releases a subscription to it.
    guard end == .disposed || end == .bagReleased else { return }
    expectReleased(end) { source, _ in
      let relay = BehaviorRelay(value: 0)
      return Observable.create { observer in
        let inner = relay.asObservable().subscribe(observer)
        return Disposables.create(inner, source.subscribe(onNext: { relay.accept($0) }))
      }
    }
  }

  @Test("Traits release everything", arguments: End.allCases)
  func traits(_ end: End) {
    expectReleased(end) { source, _ in source.take(1).asSingle().asObservable() }
    expectReleased(end) { source, _ in source.take(1).asMaybe().asObservable() }
    expectReleased(end) { source, _ in source.ignoreElements().asCompletable().asObservable() }
    expectReleased(end) { source, _ in source.asInfallible(onErrorJustReturn: 0).asObservable() }
  }

  @Test("Scheduled items are released", arguments: End.allCases)
  func schedulers(_ end: End) {
    expectReleased(end) { source, scheduler in source.observe(on: scheduler).subscribe(on: scheduler) }
    expectReleased(end) { source, scheduler in
      Observable.merge(source, Observable<Int>.interval(.seconds(5), scheduler: scheduler).take(until: source))
    }
    expectReleased(end) { source, _ in source.observe(on: CurrentThreadScheduler.instance) }
  }

  @Test("Sharing releases its connections", arguments: End.allCases)
  func sharing(_ end: End) {
    expectReleased(end) { source, _ in
      let shared = source.share(); return Observable.merge(shared, shared)
    }
    expectReleased(end) { source, _ in
      let shared = source.share(replay: 1)
      return Observable.merge(shared, shared.share(replay: 2), shared.share(replay: 1, scope: .forever))
    }
    expectReleased(end) { source, _ in Observable.merge(source.publish().refCount(), source.replay(1).refCount()) }
    expectReleased(end) { source, _ in source.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
  }

  @Test("Flattening and combining release their inner subscriptions", arguments: End.allCases)
  func flattening(_ end: End) {
    expectReleased(end) { source, _ in source.flatMap { Observable.just($0) }.concatMap { Observable.of($0, $0) } }
    expectReleased(end) { source, scheduler in
      source.flatMapLatest { _ in Observable<Int>.timer(.seconds(5), scheduler: scheduler) }
    }
    expectReleased(end) { source, _ in
      Observable.combineLatest(source, source.startWith(0)) { $0 + $1 }.withLatestFrom(source)
    }
    expectReleased(end) { source, _ in Observable.zip(source, source) { $0 + $1 }.groupBy { $0 }.merge() }
  }

  @Test("Time operators release their timers", arguments: End.allCases)
  func time(_ end: End) {
    expectReleased(end) { source, scheduler in
      source.debounce(.seconds(3), scheduler: scheduler).throttle(.seconds(2), scheduler: scheduler)
    }
    expectReleased(end) { source, scheduler in
      source.delay(.seconds(3), scheduler: scheduler).timeout(.seconds(50), scheduler: scheduler)
    }
    expectReleased(end) { source, scheduler in
      source.buffer(timeSpan: .seconds(5), count: 3, scheduler: scheduler).map(\.count)
        .take(for: .seconds(100), scheduler: scheduler)
    }
    expectReleased(end) { source, scheduler in
      // The sampler subscribes last, so it completes after the source: the result then completes
      // too (a sampler that completes first leaves the result running, in RxSwift as here).
      source.sample(source.delaySubscription(.seconds(2), scheduler: scheduler))
    }
  }

  @Test("A subscription that is never disposed stays counted, and its release brings the count back")
  func leakedSubscriptionStaysCounted() {
    let subject = PublishSubject<Int>()
    var leaked: Disposable?
    let alive = Resources.live { leaked = subject.map { $0 + 1 }.subscribe(onNext: { _ in }) }
    #expect(alive > 0)
    #expect(Resources.total >= alive)
    let afterDispose = Resources.live { leaked?.dispose() }
    #expect(afterDispose == 0)
  }

  @Test("Counting is off until switched on, and Resources.live switches it on")
  func liveSwitchesCountingOn() {
    _ = Resources.live {}
    #expect(Resources.isTracing)
  }
}
