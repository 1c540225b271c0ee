import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

/// RxSwift 6's connection rules for `multicast`, `publish`, `replay`, `refCount` and `share`.
@Suite("Sharing: connections and reconnections (RxSwift 6 rules)")
struct ConnectionTests {
  @Test("replayAll: a connection after a disconnect has a fresh buffer; earlier subscribers hear nothing of it")
  func replayReconnectUsesFreshSubject() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(420, 3), .next(430, 4)])
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    var ys: ConnectableObservable<Int>!
    var connection: Disposable!
    _ = scheduler.scheduleAt(100) { ys = xs.replayAll() }
    _ = scheduler.scheduleAt(150) { _ = ys.subscribe(early) }
    _ = scheduler.scheduleAt(200) { connection = ys.connect() }
    _ = scheduler.scheduleAt(300) { connection.dispose() }
    _ = scheduler.scheduleAt(400) { connection = ys.connect() }
    _ = scheduler.scheduleAt(425) { _ = ys.subscribe(late) }
    _ = scheduler.scheduleAt(500) { connection.dispose() }
    scheduler.start()
    #expect(early.events == [.next(210, 1), .next(220, 2)])
    #expect(late.events == [.next(425, 3), .next(430, 4)])
    #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400, 500)])
  }

  @Test("replay(n): a subscriber after the source ended gets a fresh subject and waits for the next connect")
  func replayAfterCompletionUsesFreshSubject() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var ys: ConnectableObservable<Int>!
    _ = scheduler.scheduleAt(100) { ys = xs.replay(1) }
    _ = scheduler.scheduleAt(150) { _ = ys.subscribe(first) }
    _ = scheduler.scheduleAt(200) { _ = ys.connect() }
    _ = scheduler.scheduleAt(300) { _ = ys.subscribe(second) }
    _ = scheduler.scheduleAt(400) { _ = ys.connect() }
    scheduler.start()
    #expect(first.events == [.next(210, 1), .completed(220)])
    #expect(second.events == [.next(410, 1), .completed(420)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(400, 420)])
  }

  @Test("publish: connect() after the source completed starts a new connection")
  func publishReconnectsAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let observer = scheduler.createObserver(Int.self)
    var ys: ConnectableObservable<Int>!
    _ = scheduler.scheduleAt(100) { ys = xs.publish() }
    _ = scheduler.scheduleAt(150) { _ = ys.subscribe(observer) }
    _ = scheduler.scheduleAt(200) { _ = ys.connect() }
    _ = scheduler.scheduleAt(300) { _ = ys.subscribe(observer) }
    _ = scheduler.scheduleAt(400) { _ = ys.connect() }
    scheduler.start()
    #expect(observer.events == [.next(210, 1), .completed(220), .next(410, 1), .completed(420)])
  }

  @Test("multicast(subject): one subject for every connection, so a reconnect after the end delivers nothing")
  func multicastFixedSubjectKeepsTerminalEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let observer = scheduler.createObserver(Int.self)
    var ys: ConnectableObservable<Int>!
    _ = scheduler.scheduleAt(100) { ys = xs.multicast(PublishSubject()) }
    _ = scheduler.scheduleAt(150) { _ = ys.subscribe(observer) }
    _ = scheduler.scheduleAt(200) { _ = ys.connect() }
    _ = scheduler.scheduleAt(300) { _ = ys.subscribe(observer) }
    _ = scheduler.scheduleAt(400) { _ = ys.connect() }
    scheduler.start()
    #expect(observer.events == [.next(210, 1), .completed(220), .completed(300)])
    #expect(xs.subscriptions == [Subscription(200, 220), Subscription(400, 420)])
  }

  @Test(
    "share(scope: .forever): a subscriber after the end gets the replay and the end, with no new source subscription")
  func shareForeverLateSubscriberDoesNotResubscribe() {
    for replay in 0..<3 {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .error(230, TestError(id: 1)), .next(240, 3),
      ])
      let first = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      var ys: Observable<Int>!
      _ = scheduler.scheduleAt(100) { ys = xs.share(replay: replay, scope: .forever) }
      _ = scheduler.scheduleAt(200) { _ = ys.subscribe(first) }
      _ = scheduler.scheduleAt(300) { _ = ys.subscribe(late) }
      scheduler.start()
      #expect(first.events == [.next(210, 1), .next(220, 2), .error(230, TestError(id: 1))])
      let replayed = [1, 2].suffix(replay).map { Recorded.next(300, $0) }
      #expect(late.events == replayed + [.error(300, TestError(id: 1))])
      #expect(xs.subscriptions == [Subscription(200, 230)])
    }
  }

  @Test("share(scope: .whileConnected): resubscribing from inside the terminal event starts a new connection at once")
  func shareWhileConnectedResubscribesInsideTerminalEvent() {
    for replay in 0..<3 {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(230), .next(240, 3)])
      let first = scheduler.createObserver(Int.self)
      let again = scheduler.createObserver(Int.self)
      var ys: Observable<Int>!
      var subscription: Disposable?
      _ = scheduler.scheduleAt(100) { ys = xs.share(replay: replay, scope: .whileConnected) }
      _ = scheduler.scheduleAt(200) {
        _ = ys.subscribe { event in
          first.on(event)
          if event.isStopEvent { subscription = ys.subscribe(again) }
        }
      }
      _ = scheduler.scheduleAt(300) { subscription?.dispose() }
      scheduler.start()
      #expect(first.events == [.next(210, 1), .completed(230)])
      #expect(again.events == [.next(240, 3)])
      #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 300)])
    }
  }
}

@Suite("share and publish")
struct ShareAndPublishTests {
  @Test("share(): one upstream subscription for many subscribers, reconnects after all leave")
  func shareWhileConnected() {
    let subscriptions = Counter()
    let subject = PublishSubject<Int>()
    let shared = subject.do(onSubscribe: { subscriptions.increment() }).share()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let a = shared.subscribe(first)
    let b = shared.subscribe(second)
    subject.onNext(1)
    #expect(subscriptions.value == 1)
    #expect(first.elements == [1] && second.elements == [1])
    a.dispose()
    b.dispose()
    #expect(!subject.hasObservers)
    _ = shared.subscribe()
    #expect(subscriptions.value == 2)
  }

  @Test("share(replay:scope: .whileConnected) resets its buffer on reconnect")
  func shareReplayWhileConnected() {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1, scope: .whileConnected)
    let first = shared.subscribe()
    subject.onNext(1)
    let late = Recorder<Int>()
    let second = shared.subscribe(late)
    #expect(late.elements == [1])
    first.dispose()
    second.dispose()
    let afterReconnect = Recorder<Int>()
    _ = shared.subscribe(afterReconnect)
    #expect(afterReconnect.elements.isEmpty)
  }

  @Test("share(replay:scope: .forever) keeps its buffer across reconnects")
  func shareReplayForever() {
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1, scope: .forever)
    let first = shared.subscribe()
    subject.onNext(1)
    first.dispose()
    #expect(!subject.hasObservers)
    let afterReconnect = Recorder<Int>()
    _ = shared.subscribe(afterReconnect)
    #expect(afterReconnect.elements == [1])
    #expect(subject.hasObservers)
  }

  @Test("share() after the source completes resubscribes for the next subscriber")
  func shareResubscribesAfterCompletion() {
    let subscriptions = Counter()
    let shared = Observable.of(1, 2).do(onSubscribe: { subscriptions.increment() }).share()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    #expect(first.elements == [1, 2])
    #expect(second.elements == [1, 2])
    #expect(subscriptions.value == 2)
  }

  @Test("publish() and connect(): nothing flows before connect; dispose disconnects")
  func publishConnect() {
    let subject = PublishSubject<Int>()
    let published = subject.publish()
    let recorder = Recorder<Int>()
    _ = published.subscribe(recorder)
    subject.onNext(1)
    let connection = published.connect()
    #expect(published.connect() as AnyObject === connection as AnyObject)
    subject.onNext(2)
    connection.dispose()
    subject.onNext(3)
    #expect(recorder.elements == [2])
    #expect(!subject.hasObservers)
  }
}

@Suite("share(replay:scope: .forever)")
struct ShareForeverTests {
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

/// `share` connects once, however many threads make the first subscriptions at the same moment.
@Suite("share: concurrent first subscriptions connect once")
struct ShareConcurrentSubscriptionTests {
  @Test("32 threads subscribing at once to share() cause one subscription to the source", arguments: [0, 1])
  func concurrentFirstSubscriptionsConnectOnce(replay: Int) {
    for _ in 0..<50 {
      let sourceSubscriptions = Counter()
      let shared = Observable<Int>.never()
        .do(onSubscribe: { sourceSubscriptions.increment() })
        .share(replay: replay, scope: .whileConnected)
      let start = DispatchSemaphore(value: 0)
      let subscriptions = Locked<[Disposable]>([])
      let subscriber: @Sendable () -> Void = {
        start.wait()
        let subscription = shared.subscribe()
        subscriptions.withLock { $0.append(subscription) }
      }
      let threads = Array(repeating: subscriber, count: 32)
      let released = DispatchQueue.global()
      released.asyncAfter(deadline: .now() + .milliseconds(5)) {
        for _ in threads { start.signal() }
      }
      #expect(Watchdog.run(threads))
      #expect(sourceSubscriptions.value == 1)
      subscriptions.withLock { $0.forEach { $0.dispose() } }
    }
  }
}
