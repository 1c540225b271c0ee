import Streams
import StreamsTest
import Testing

/// RxSwift 6's connection rules for `multicast`, `publish`, `replay`, `refCount` and `share`.
@Suite("Sharing semantics (RxSwift 6 rules)")
struct SharingSemanticsTests {
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

/// RxSwift 6's `multicast(_:selector:)`.
@Suite("multicast with a selector (RxSwift 6 rules)")
struct MulticastSelectorSemanticsTests {
  @Test("multicast(_:selector:) subscribes the selector's sequence, then connects, once per subscriber")
  func multicastSelectorSharesOneSubscriptionPerSubscriber() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start {
      xs.multicast({ PublishSubject<Int>() }) { shared in Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 } }
    }
    #expect(observer.events == [.next(210, 11), .next(220, 22), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("multicast(_:selector:) sends an error thrown by the subject factory or the selector")
  func multicastSelectorSendsThrownErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let factoryFails = scheduler.start {
      xs.multicast({ () throws -> PublishSubject<Int> in throw TestError(id: 1) }) { $0 }
    }
    #expect(factoryFails.events == [.error(200, TestError(id: 1))])
    let selectorScheduler = TestScheduler(initialClock: 0)
    let ys = selectorScheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let selectorFails = selectorScheduler.start {
      ys.multicast({ PublishSubject<Int>() }) { (_: Observable<Int>) throws -> Observable<Int> in throw TestError(id: 2)
      }
    }
    #expect(selectorFails.events == [.error(200, TestError(id: 2))])
    #expect(xs.subscriptions.isEmpty && ys.subscriptions.isEmpty)
  }
}
