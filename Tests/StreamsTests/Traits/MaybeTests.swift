import Streams
import StreamsTest
import Testing

@Suite("Traits: Maybe")
struct MaybeTests {
  @Test("Maybe.create: element, empty or error; the first outcome wins")
  func create() {
    let log = Log()
    func record(_ maybe: Maybe<Int>) {
      _ = maybe.subscribe(
        onSuccess: { log("success \($0)") }, onError: { log("error \($0)") }, onCompleted: { log("completed") })
    }
    record(
      .create { observer in
        observer(.success(1))
        observer(.completed)
        return Disposables.create()
      })
    record(
      .create { observer in
        observer(.completed)
        observer(.success(2))
        return Disposables.create()
      })
    record(
      .create { observer in
        observer(.error(TestError(id: 1)))
        return Disposables.create()
      })
    #expect(log.entries == ["success 1", "completed", "error TestError(1)"])
  }

  @Test("The single-callback subscribe reports an element without the completion after it")
  func eventCallback() {
    let log = Log()
    _ = Maybe.just(3).subscribe { event in
      switch event {
      case .success(let value): log("success \(value)")
      case .error: log("error")
      case .completed: log("completed")
      }
    }
    _ = Maybe<Int>.empty().subscribe { event in if case .completed = event { log("completed") } }
    #expect(log.entries == ["success 3", "completed"])
  }

  @Test("do order: onNext, the subscriber, onDisposed, afterNext, then the completion's handlers")
  func doOrder() {
    let log = Log()
    _ = Maybe.just(1)
      .do(
        onNext: { log("onNext \($0)") }, afterNext: { _ in log("afterNext") }, onCompleted: { log("onCompleted") },
        afterCompleted: { log("afterCompleted") }, onSubscribe: { log("onSubscribe") },
        onSubscribed: { log("onSubscribed") }, onDispose: { log("onDispose") }
      )
      .subscribe(
        onSuccess: { log("success \($0)") }, onCompleted: { log("subscriber completed") },
        onDisposed: { log("disposed") })
    #expect(
      log.entries == [
        "onSubscribe", "onNext 1", "success 1", "disposed", "afterNext", "onCompleted", "afterCompleted",
        "onSubscribed", "onDispose",
      ])
  }

  @Test("subscribe(with:) passes the object to each closure")
  func subscribeWithObject() {
    let log = Log()
    let owner = Tracked()
    _ = Maybe<Int>.empty().subscribe(
      with: owner, onSuccess: { _, _ in log("success") },
      onCompleted: { object in log("completed \(object === owner)") },
      onDisposed: { _ in log("disposed") })
    #expect(log.entries == ["completed true", "disposed"])
  }

  @Test("ifEmpty(default:) and ifEmpty(switchTo:) only act on an empty maybe")
  func ifEmpty() {
    let log = Log()
    _ = Maybe<Int>.empty().ifEmpty(default: 1).subscribe(onSuccess: { log("default \($0)") })
    _ = Maybe.just(2).ifEmpty(default: 1).subscribe(onSuccess: { log("own \($0)") })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(3)).subscribe(onSuccess: { log("single \($0)") })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Maybe<Int>.empty()).subscribe(onCompleted: { log("still empty") })
    #expect(log.entries == ["default 1", "own 2", "single 3", "still empty"])
  }

  @Test("ifEmpty(switchTo:) subscribes to the other when the maybe completes empty")
  func ifEmptySubscriptionTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(210, Int.self)])
    let other = scheduler.createColdObservable([.next(30, 5), .completed(30)])
    let observer = scheduler.start { source.asMaybe().ifEmpty(switchTo: other.asMaybe()).asObservable() }
    #expect(observer.events == [.next(240, 5), .completed(240)])
    #expect(source.subscriptions == [Subscription(200, 210)])
    #expect(other.subscriptions == [Subscription(210, 240)])
  }

  @Test("filter, map and compactMap keep the maybe's shape")
  func transforms() {
    let log = Log()
    _ = Maybe.just(2).filter { $0 > 5 }.subscribe(onSuccess: { log("kept \($0)") }, onCompleted: { log("filtered") })
    _ = Maybe.just(2).map { $0 * 10 }.subscribe(onSuccess: { log("mapped \($0)") })
    _ = Maybe.just("7").compactMap { Int($0) }.subscribe(onSuccess: { log("parsed \($0)") })
    _ = Maybe.just(1).flatMap { _ in Maybe<Int>.empty() }.subscribe(onCompleted: { log("flattened empty") })
    #expect(log.entries == ["filtered", "mapped 20", "parsed 7", "flattened empty"])
  }

  @Test("asMaybe: element, empty, or too many")
  func asMaybe() {
    let log = Log()
    _ = Observable.just(1).asMaybe().subscribe(onSuccess: { log("success \($0)") }, onCompleted: { log("completed") })
    _ = Observable<Int>.empty().asMaybe().subscribe(
      onSuccess: { log("success \($0)") }, onCompleted: { log("completed") })
    _ = Observable.of(1, 2).asMaybe().subscribe(onError: { log("\($0)") })
    #expect(log.entries == ["success 1", "completed", "\(StreamsError.moreThanOneElement)"])
  }
}

/// `Maybe.ifEmpty` is `Observable.ifEmpty` under the trait, as in RxSwift: the fallback is
/// subscribed when the maybe completes empty and ends with the result (or when it is disposed).
/// (`asMaybe()` itself releases its source at the source's completion.)
@Suite("Traits: Maybe.ifEmpty timing")
struct MaybeIfEmptyTests {
  @Test("ifEmpty(switchTo:) subscribes the fallback at the empty completion; both end with the result")
  func switchToMaybe() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250, Int.self)])
    let fallback = scheduler.createColdObservable([.next(10, 7), .completed(20)])
    let observer = scheduler.start {
      source.asMaybe().ifEmpty(switchTo: fallback.asMaybe()).asObservable()
    }
    #expect(observer.events == [.next(270, 7), .completed(270)])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(fallback.subscriptions == [Subscription(250, 270)])
  }

  @Test("ifEmpty(switchTo:) with a single: disposing the result disposes the running fallback")
  func switchToSingleDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250, Int.self)])
    let fallback = scheduler.createColdObservable([.next(100, 7), .completed(100)])
    let observer = scheduler.start(disposed: 300) {
      source.asMaybe().ifEmpty(switchTo: fallback.asSingle()).asObservable()
    }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(fallback.subscriptions == [Subscription(250, 300)])
  }

  @Test("ifEmpty(default:) succeeds with the default at the empty completion; an element wins over it")
  func defaultValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(250, Int.self)])
    let emptyObserver = scheduler.start { empty.asMaybe().ifEmpty(default: 9).asObservable() }
    #expect(emptyObserver.events == [.next(250, 9), .completed(250)])
    #expect(empty.subscriptions == [Subscription(200, 250)])

    let other = TestScheduler(initialClock: 0)
    let full = other.createHotObservable([.next(240, 1), .completed(250)])
    let fullObserver = other.start { full.asMaybe().ifEmpty(default: 9).asObservable() }
    #expect(fullObserver.events == [.next(250, 1), .completed(250)])
    #expect(full.subscriptions == [Subscription(200, 250)])
  }
}
