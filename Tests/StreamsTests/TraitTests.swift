import Streams
import StreamsTest
import Testing

@Suite("Traits: Single, Maybe, Completable")
struct TraitTests {
  @Test("Single.create: the first outcome wins; later ones are ignored")
  func singleFirstOutcomeWins() {
    let outcomes = Log()
    _ = Single<Int>.create { observer in
      observer(.success(1))
      observer(.success(2))
      observer(.failure(TestError()))
      return Disposables.create()
    }.subscribe(onSuccess: { outcomes("success \($0)") }, onFailure: { outcomes("failure \($0)") })
    #expect(outcomes.entries == ["success 1"])
  }

  @Test("asSingle: one element succeeds; none or two fail with typed errors")
  func asSingle() {
    let one = Recorder<Int>()
    let none = Recorder<Int>()
    let two = Recorder<Int>()
    _ = Observable.just(1).asSingle().asObservable().subscribe(one)
    _ = Observable<Int>.empty().asSingle().asObservable().subscribe(none)
    _ = Observable.of(1, 2).asSingle().asObservable().subscribe(two)
    #expect(one.elements == [1] && one.isCompleted)
    #expect(none.error as? StreamsError == .noElements)
    #expect(two.error as? StreamsError == .moreThanOneElement)
  }

  @Test("asSingle fails at the second element, disposing the source in the same tick")
  func asSingleFailsEarly() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let observer = scheduler.start { source.asSingle().asObservable() }
    #expect(observer.events == [.error(220, StreamsError.moreThanOneElement)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("asMaybe: element, empty, or too many")
  func asMaybe() {
    let outcomes = Log()
    _ = Observable.just(1).asMaybe().subscribe(onSuccess: { outcomes("success \($0)") }, onCompleted: { outcomes("completed") })
    _ = Observable<Int>.empty().asMaybe().subscribe(onSuccess: { outcomes("success \($0)") }, onCompleted: { outcomes("completed") })
    _ = Observable.of(1, 2).asMaybe().subscribe(onError: { outcomes("error \($0 as! StreamsError == .moreThanOneElement)") })
    #expect(outcomes.entries == ["success 1", "completed", "error true"])
  }

  @Test("Maybe's single-callback subscribe reports success without a trailing completion")
  func maybeEvents() {
    let outcomes = Log()
    _ = Maybe.just(3).subscribe { event in
      switch event {
      case .success(let value): outcomes("success \(value)")
      case .error: outcomes("error")
      case .completed: outcomes("completed")
      }
    }
    _ = Maybe<Int>.empty().subscribe { event in if case .completed = event { outcomes("completed") } }
    #expect(outcomes.entries == ["success 3", "completed"])
  }

  @Test("Single map and flatMap chain; an error thrown in map fails the single")
  func singleChaining() {
    let outcomes = Log()
    _ = Single.just(2).map { $0 * 10 }.flatMap { value in Single.just("v\(value)") }
      .subscribe(onSuccess: { outcomes($0) })
    _ = Single.just(1).map { _ -> Int in throw TestError(id: 3) }
      .subscribe(onFailure: { outcomes("\($0)") })
    #expect(outcomes.entries == ["v20", "TestError(3)"])
  }

  @Test("Single.flatMap in virtual time waits for the inner single")
  func singleFlatMapTiming() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start {
      Single.just(1, scheduler: scheduler).flatMap { value in Single.just(value + 1, scheduler: scheduler) }
        .asObservable()
    }
    #expect(observer.events == [.next(202, 2), .completed(203)])
  }

  @Test("Completable.andThen runs the next sequence only after completion; errors skip it")
  func andThen() {
    let log = Log()
    let first = Completable.create { observer in
      log("first")
      observer(.completed)
      return Disposables.create()
    }
    _ = first.andThen(Single.just(1)).subscribe(onSuccess: { log("then \($0)") })
    _ = Completable.error(TestError(id: 4)).andThen(Single.deferred {
      log("must not run")
      return .just(0)
    }).subscribe(onFailure: { log("failed \($0)") })
    _ = first.andThen(Completable.empty()).subscribe(onCompleted: { log("completable done") })
    #expect(log.entries == ["first", "then 1", "failed TestError(4)", "first", "completable done"])
  }

  @Test("asCompletable ignores elements and keeps the end")
  func asCompletable() {
    let log = Log()
    _ = Observable.of(1, 2, 3).asCompletable().subscribe(onCompleted: { log("completed") })
    _ = Single.just(1).asCompletable().subscribe { event in if case .completed = event { log("single completed") } }
    #expect(log.entries == ["completed", "single completed"])
  }

  @Test("Single.zip pairs both results; the first error wins and disposes the other")
  func zip() {
    let pair = Log()
    _ = Single<(Int, String)>.zip(Single.just(1), Single.just("a")).subscribe(onSuccess: { pair("\($0.0)\($0.1)") })
    let other = PublishSubject<String>()
    _ = Single<(Int, String)>.zip(Single.error(TestError(id: 5)), other.asSingle())
      .subscribe(onFailure: { pair("\($0)") })
    #expect(pair.entries == ["1a", "TestError(5)"])
    #expect(!other.hasObservers)
  }

  @Test("Disposing a Single before its outcome runs onDisposed once and cancels the work")
  func disposeSingle() {
    let log = Log()
    let subscription = Single<Int>.create { _ in Disposables.create { log("work cancelled") } }
      .subscribe(onSuccess: { _ in log("success") }, onDisposed: { log("disposed") })
    subscription.dispose()
    subscription.dispose()
    #expect(log.entries == ["work cancelled", "disposed"])
  }
}
