import Streams
import StreamsTest
import Testing

/// After dispose or termination, nothing a subscription captured stays alive.
@Suite("Lifetimes")
struct LifetimeTests {
  /// Subscribes a closure capturing a tracked object, ends the subscription with `end`, and
  /// reports whether the object and the subscription were released.
  func releases(
    _ source: Observable<Int>, end: (Disposable) -> Void = { $0.dispose() }
  ) -> (closure: Bool, subscription: Bool) {
    weak var weakTracked: Tracked?
    weak var weakSubscription: AnyObject?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = source.subscribe(onNext: { _ in _ = tracked }, onDisposed: { _ = tracked })
      weakSubscription = subscription as AnyObject
      end(subscription)
    }
    return (weakTracked == nil, weakSubscription == nil)
  }

  @Test("Every subject releases its observers on dispose of the subscription")
  func subjectsReleaseOnDispose() {
    let subjects: [Observable<Int>] = [
      PublishSubject<Int>(), BehaviorSubject(value: 0), ReplaySubject<Int>.create(bufferSize: 2),
      ReplaySubject<Int>.createUnbounded(), AsyncSubject<Int>(),
    ]
    for subject in subjects {
      let released = releases(subject)
      #expect(released.closure, "\(type(of: subject)) kept the observer's closure")
      #expect(released.subscription, "\(type(of: subject)) kept the subscription")
    }
  }

  @Test("Every subject releases its observers on termination")
  func subjectsReleaseOnTermination() {
    let publish = PublishSubject<Int>()
    let behavior = BehaviorSubject(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 1)
    let async = AsyncSubject<Int>()
    let terminations: [(Observable<Int>, () -> Void)] = [
      (publish, { publish.onCompleted() }), (behavior, { behavior.onError(TestError()) }),
      (replay, { replay.onCompleted() }), (async, { async.onCompleted() }),
    ]
    for (subject, terminate) in terminations {
      let released = releases(subject, end: { _ in terminate() })
      #expect(released.closure, "\(type(of: subject)) kept the observer's closure after termination")
    }
  }

  @Test("Operator chains release everything on dispose")
  func operatorChainsRelease() {
    let subject = PublishSubject<Int>()
    let chains: [Observable<Int>] = [
      subject.map { $0 }, subject.filter { _ in true }, subject.compactMap { $0 }, subject.take(5), subject.skip(1),
      subject.do(onNext: { _ in }), subject.share(), subject.share(replay: 1, scope: .forever),
      subject.publish().refCount(), Observable.deferred { subject.asObservable() },
    ]
    for chain in chains {
      let released = releases(chain)
      #expect(released.closure && released.subscription, "a chain kept its observer alive")
    }
    #expect(!subject.hasObservers)
  }

  @Test("A deferred or create closure is not retained by the subscription")
  func factoryClosuresNotRetained() {
    weak var weakTracked: Tracked?
    var subscriptions: [Disposable] = []
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscriptions.append(
        Observable<Int>.deferred {
          _ = tracked; return .never()
        }.subscribe())
      subscriptions.append(
        Observable<Int>.create { _ in
          _ = tracked; return Disposables.create()
        }.subscribe())
    }
    #expect(weakTracked == nil)
    subscriptions.forEach { $0.dispose() }
  }

  @Test("Relays release their observers on dispose")
  func relaysRelease() {
    let relays: [Observable<Int>] = [
      PublishRelay<Int>().asObservable(), BehaviorRelay(value: 0).asObservable(),
      ReplayRelay<Int>.create(bufferSize: 1).asObservable(),
    ]
    for relay in relays {
      let released = releases(relay)
      #expect(released.closure && released.subscription)
    }
  }
}

@Suite("Lifetimes of every operator")
struct OperatorLifetimeTests {
  /// Builds `chain` on a subject with a closure capturing a tracked object, subscribes, sends,
  /// disposes, lets the virtual clock drain, and checks that nothing kept the object alive.
  func releases(_ chain: (Observable<Int>, TestScheduler, @escaping (Int) -> Void) -> Observable<Int>) -> Bool {
    let scheduler = TestScheduler(initialClock: 0)
    let subject = PublishSubject<Int>()
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = chain(subject.asObservable(), scheduler, { _ in _ = tracked }).subscribe()
      subject.onNext(1)
      scheduler.advanceTo(10)
      subject.onNext(2)
      subscription.dispose()
    }
    scheduler.advanceTo(10_000)
    return weakTracked == nil && !subject.hasObservers
  }

  typealias Chain = @Sendable (Observable<Int>, TestScheduler, @escaping (Int) -> Void) -> Observable<Int>

  static let chains: [(String, Chain)] = [
    (
      "scan",
      { source, _, touch in
        source.scan(0) {
          touch($1); return $0 + $1
        }
      }
    ),
    (
      "reduce",
      { source, _, touch in
        source.reduce(0) {
          touch($1); return $0 + $1
        }
      }
    ),
    (
      "distinctUntilChanged",
      { source, _, touch in
        source.distinctUntilChanged {
          touch($0); return $0
        }
      }
    ),
    (
      "take(while:)",
      { source, _, touch in
        source.take(while: {
          touch($0); return true
        })
      }
    ),
    (
      "skip(while:)",
      { source, _, touch in
        source.skip(while: {
          touch($0); return false
        })
      }
    ),
    (
      "flatMap",
      { source, _, touch in
        source.flatMap {
          touch($0); return Observable<Int>.never()
        }
      }
    ),
    (
      "flatMapLatest",
      { source, _, touch in
        source.flatMapLatest {
          touch($0); return Observable<Int>.never()
        }
      }
    ),
    (
      "flatMapFirst",
      { source, _, touch in
        source.flatMapFirst {
          touch($0); return Observable<Int>.never()
        }
      }
    ),
    (
      "concatMap",
      { source, _, touch in
        source.concatMap {
          touch($0); return Observable<Int>.never()
        }
      }
    ),
    (
      "combineLatest",
      { source, _, touch in
        Observable.combineLatest(source, source) {
          touch($0); return $1
        }
      }
    ),
    (
      "zip",
      { source, _, touch in
        Observable.zip(source, source) {
          touch($0); return $1
        }
      }
    ),
    (
      "withLatestFrom",
      { source, _, touch in
        source.withLatestFrom(source) {
          touch($0); return $1
        }
      }
    ),
    (
      "sample",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.sample(Observable<Int>.interval(.seconds(5), scheduler: scheduler))
      }
    ),
    (
      "debounce",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.debounce(.seconds(100), scheduler: scheduler)
      }
    ),
    (
      "throttle",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.throttle(.seconds(100), scheduler: scheduler)
      }
    ),
    (
      "delay",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.delay(.seconds(100), scheduler: scheduler)
      }
    ),
    (
      "timeout",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.timeout(.seconds(100), scheduler: scheduler)
      }
    ),
    (
      "buffer",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler).map(\.count)
      }
    ),
    (
      "observe(on:)",
      { source, scheduler, touch in
        source.map {
          touch($0); return $0
        }.observe(on: scheduler)
      }
    ),
    (
      "catch",
      { source, _, touch in
        source.catch { _ in
          touch(0); return .never()
        }
      }
    ),
    ("retry(when:)", { source, _, touch in source.retry(when: { $0.map { _ in touch(0) } }) }),
    (
      "share(replay:)",
      { source, _, touch in
        source.map {
          touch($0); return $0
        }.share(replay: 1)
      }
    ),
    (
      "take(until:)",
      { source, _, touch in
        source.map {
          touch($0); return $0
        }.take(until: Observable<Int>.never())
      }
    ),
  ]

  @Test("After dispose, no operator keeps a closure or the source subscription alive", arguments: chains.map { $0.0 })
  func operatorReleases(name: String) {
    let chain = Self.chains.first { $0.0 == name }!.1
    #expect(releases(chain), "\(name) kept its closure or its source subscription")
  }
}
