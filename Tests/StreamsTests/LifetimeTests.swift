import Streams
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
      subscriptions.append(Observable<Int>.deferred { _ = tracked; return .never() }.subscribe())
      subscriptions.append(Observable<Int>.create { _ in _ = tracked; return Disposables.create() }.subscribe())
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
