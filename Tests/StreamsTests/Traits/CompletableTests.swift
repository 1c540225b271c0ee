import Streams
import StreamsTest
import Testing

@Suite("Traits: Completable")
struct CompletableTests {
  @Test("Completable.create: the first outcome wins; subscribe(_:) reports it once")
  func create() {
    let log = Log()
    _ = Completable.create { observer in
      observer(.completed)
      observer(.error(TestError()))
      return Disposables.create()
    }.subscribe { event in
      switch event {
      case .completed: log("completed")
      case .error(let error): log("error \(error)")
      }
    }
    #expect(log.entries == ["completed"])
  }

  @Test("do order: onCompleted, the subscriber, onDisposed, then afterCompleted")
  func doOrder() {
    let log = Log()
    _ = Completable.empty()
      .do(
        onCompleted: { log("onCompleted") }, afterCompleted: { log("afterCompleted") },
        onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") }, onDispose: { log("onDispose") }
      )
      .subscribe(onCompleted: { log("completed") }, onDisposed: { log("disposed") })
    #expect(
      log.entries == [
        "onSubscribe", "onCompleted", "completed", "disposed", "afterCompleted", "onSubscribed", "onDispose",
      ])
  }

  @Test("subscribe(with:) passes the object while it lives")
  func subscribeWithObject() {
    let log = Log()
    let owner = Tracked()
    _ = Completable.error(TestError(id: 1)).subscribe(
      with: owner, onCompleted: { _ in log("completed") }, onError: { _, error in log("error \(error)") })
    #expect(log.entries == ["error TestError(1)"])
  }

  @Test("andThen subscribes to the next trait when the completable completes, releasing the completable")
  func andThenTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createHotObservable([.completed(210, Swift.Never.self)])
    let second = scheduler.createHotObservable([.next(250, 1), .completed(260)])
    let observer = scheduler.start { first.asCompletable().andThen(second.asSingle()).asObservable() }
    #expect(observer.events == [.next(260, 1), .completed(260)])
    #expect(first.subscriptions == [Subscription(200, 210)])
    #expect(second.subscriptions == [Subscription(210, 260)])
  }

  @Test("andThen: an error skips the next sequence")
  func andThenError() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createHotObservable([.error(210, TestError(id: 2), Swift.Never.self)])
    let second = scheduler.createHotObservable([.next(250, 1), .completed(260)])
    let observer = scheduler.start { first.asCompletable().andThen(second.asObservable()) }
    #expect(observer.events == [.error(210, TestError(id: 2))])
    #expect(second.subscriptions.isEmpty)
  }

  @Test("andThen to a maybe and to a completable")
  func andThenOtherTraits() {
    let log = Log()
    _ = Completable.empty().andThen(Maybe<Int>.empty()).subscribe(onCompleted: { log("maybe empty") })
    _ = Completable.empty().andThen(Completable.empty()).subscribe(onCompleted: { log("completable") })
    #expect(log.entries == ["maybe empty", "completable"])
  }

  @Test("concat runs completables one after another, in each of its forms")
  func concat() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createColdObservable([.completed(10, Swift.Never.self)])
    let second = scheduler.createColdObservable([.completed(20, Swift.Never.self)])
    let third = scheduler.createColdObservable([.completed(30, Swift.Never.self)])
    let observer = scheduler.start {
      Completable.concat(first.asCompletable(), second.asCompletable()).concat(third.asCompletable()).asObservable()
    }
    #expect(observer.events == [.completed(260)])
    #expect(first.subscriptions == [Subscription(200, 210)])
    #expect(second.subscriptions == [Subscription(210, 230)])
    #expect(third.subscriptions == [Subscription(230, 260)])

    let log = Log()
    _ = Completable.concat([Completable.empty(), .empty()]).subscribe(onCompleted: { log("array") })
    _ = Completable.concat(AnyCollection([Completable.empty()])).subscribe(onCompleted: { log("collection") })
    _ = Completable.concat(AnySequence([Completable.empty(), .error(TestError(id: 3)), .never()]))
      .subscribe(onError: { log("sequence \($0)") })
    #expect(log.entries == ["array", "collection", "sequence TestError(3)"])
  }

  @Test("zip runs completables at the same time; it completes when all did and fails at the first error")
  func zip() {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createHotObservable([.completed(250, Swift.Never.self)])
    let fast = scheduler.createHotObservable([.completed(220, Swift.Never.self)])
    let both = scheduler.start { Completable.zip(slow.asCompletable(), fast.asCompletable()).asObservable() }
    #expect(both.events == [.completed(250)])
    #expect(slow.subscriptions == [Subscription(200, 250)])
    #expect(fast.subscriptions == [Subscription(200, 220)])

    let log = Log()
    _ = Completable.zip([Completable.empty(), .error(TestError(id: 4))]).subscribe(onError: { log("array \($0)") })
    _ = Completable.zip(AnyCollection([Completable.empty()])).subscribe(onCompleted: { log("collection") })
    #expect(log.entries == ["array TestError(4)", "collection"])
  }

  @Test("ignoreElements().asCompletable() keeps only the end")
  func asCompletable() {
    let log = Log()
    _ = Observable.of(1, 2, 3).ignoreElements().asCompletable().subscribe(onCompleted: { log("completed") })
    _ = Observable<Int>.error(TestError(id: 5)).ignoreElements().asCompletable().subscribe(onError: { log("\($0)") })
    #expect(log.entries == ["completed", "TestError(5)"])
  }
}
