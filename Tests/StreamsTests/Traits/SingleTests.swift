import Streams
import StreamsTest
import Testing

@Suite("Traits: Single")
struct SingleTests {
  @Test("Single.create: the first outcome wins; later ones are ignored")
  func firstOutcomeWins() {
    let log = Log()
    _ = Single<Int>.create { observer in
      observer(.success(1))
      observer(.success(2))
      observer(.failure(TestError()))
      return Disposables.create()
    }.subscribe(onSuccess: { log("success \($0)") }, onFailure: { log("failure \($0)") })
    #expect(log.entries == ["success 1"])
  }

  @Test("subscribe's onDisposed runs right after onSuccess, before the source's afterSuccess")
  func onDisposedFollowsTheOutcome() {
    let log = Log()
    _ = Single.just(1)
      .do(
        onSuccess: { log("onSuccess \($0)") }, afterSuccess: { _ in log("afterSuccess") },
        onSubscribe: { log("onSubscribe") }, onSubscribed: { log("onSubscribed") }, onDispose: { log("onDispose") }
      )
      .subscribe(onSuccess: { log("success \($0)") }, onDisposed: { log("disposed") })
    #expect(
      log.entries == [
        "onSubscribe", "onSuccess 1", "success 1", "disposed", "afterSuccess", "onSubscribed", "onDispose",
      ])
  }

  @Test("do on a failing single: onError, the subscriber, onDisposed, then afterError")
  func doOrderOnError() {
    let log = Log()
    _ = Single<Int>.error(TestError(id: 1))
      .do(onError: { log("onError \($0)") }, afterError: { log("afterError \($0)") })
      .subscribe(onFailure: { log("failure \($0)") }, onDisposed: { log("disposed") })
    #expect(log.entries == ["onError TestError(1)", "failure TestError(1)", "disposed", "afterError TestError(1)"])
  }

  @Test("A failure without onFailure goes to the unhandled-error hook, then onDisposed runs")
  func unhandledFailure() {
    let log = Log()
    let original = Hooks.unhandledError
    Hooks.unhandledError = { log("hook \($0)") }
    defer { Hooks.unhandledError = original }
    _ = Single<Int>.error(TestError(id: 2)).subscribe(onDisposed: { log("disposed") })
    #expect(log.entries == ["hook TestError(2)", "disposed"])
  }

  @Test("Disposing before the outcome runs onDisposed once and cancels the work")
  func disposeBeforeOutcome() {
    let log = Log()
    let subscription = Single<Int>.create { _ in Disposables.create { log("work cancelled") } }
      .subscribe(onSuccess: { _ in log("success") }, onDisposed: { log("disposed") })
    subscription.dispose()
    subscription.dispose()
    #expect(log.entries == ["work cancelled", "disposed"])
  }

  @Test("subscribe(with:) passes the object while it lives, and nothing once it is gone")
  func subscribeWithObject() {
    let log = Log()
    var owner: Tracked? = Tracked()
    _ = Single.just(1).subscribe(
      with: owner!, onSuccess: { _, value in log("success \(value)") }, onDisposed: { _ in log("disposed") })
    let pending = PublishSubject<Int>()
    let subscription = pending.asSingle().subscribe(
      with: owner!, onSuccess: { _, _ in log("late success") }, onDisposed: { _ in log("late disposed") })
    owner = nil
    pending.onNext(2)
    pending.onCompleted()
    subscription.dispose()
    #expect(log.entries == ["success 1", "disposed"])
  }

  @Test("A single that completes without an element reports noElements instead of hanging")
  func emptyCompletionIsAnError() {
    let log = Log()
    _ = Single<Int>.error(TestError(id: 3)).retry(when: { errors in errors.take(0) })
      .subscribe(onSuccess: { log("success \($0)") }, onFailure: { log("\($0)") }, onDisposed: { log("disposed") })
    #expect(log.entries == ["\(StreamsError.noElements)", "disposed"])
  }

  @Test("filter and compactMap turn a single into a maybe")
  func filterAndCompactMap() {
    let kept = TestScheduler(initialClock: 0)
    let dropped = TestScheduler(initialClock: 0)
    let keptObserver = kept.start { Single.just(4, scheduler: kept).filter { $0.isMultiple(of: 2) }.asObservable() }
    let droppedObserver = dropped.start {
      Single.just("x", scheduler: dropped).compactMap { Int($0) }.asObservable()
    }
    #expect(keptObserver.events == [.next(201, 4), .completed(202)])
    #expect(droppedObserver.events == [.completed(202)])
  }

  @Test("flatMap, flatMapMaybe and flatMapCompletable wait for the inner trait")
  func flatMaps() {
    let scheduler = TestScheduler(initialClock: 0)
    let single = scheduler.start {
      Single.just(1, scheduler: scheduler).flatMap { Single.just($0 + 1, scheduler: scheduler) }.asObservable()
    }
    let delayed = TestScheduler(initialClock: 0)
    let maybe = delayed.start {
      Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty().delay(.seconds(5), scheduler: delayed) }.asObservable()
    }
    let failing = TestScheduler(initialClock: 0)
    let completable = failing.start {
      Single.just(1).flatMapCompletable { _ in Completable.error(TestError(id: 4)) }.asObservable()
    }
    #expect(single.events == [.next(202, 2), .completed(203)])
    #expect(maybe.events == [.completed(205)])
    #expect(completable.events == [.error(200, TestError(id: 4))])
  }

  @Test("map's thrown error fails the single; catchAndReturn and catch recover")
  func errorsAndRecovery() {
    let log = Log()
    _ = Single.just(1).map { _ -> Int in throw TestError(id: 5) }.subscribe(onFailure: { log("\($0)") })
    _ = Single<Int>.error(TestError()).catchAndReturn(7).subscribe(onSuccess: { log("returned \($0)") })
    _ = Single<Int>.error(TestError()).catch { _ in .just(8) }.subscribe(onSuccess: { log("caught \($0)") })
    #expect(log.entries == ["TestError(5)", "returned 7", "caught 8"])
  }

  @Test("asMaybe keeps the element; asCompletable keeps only the end")
  func conversions() {
    let log = Log()
    _ = Single.just(1).asMaybe().subscribe(onSuccess: { log("maybe \($0)") }, onCompleted: { log("empty") })
    _ = Single.just(1).asCompletable().subscribe(onCompleted: { log("completed") })
    #expect(log.entries == ["maybe 1", "completed"])
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

  @Test("Single.create(work:) succeeds with the task's result")
  func createFromAsyncWork() async throws {
    let value = try await Single<Int>.create { 40 + 2 }.value
    #expect(value == 42)
    await #expect(throws: TestError(id: 6)) { try await Single<Int>.create { throw TestError(id: 6) }.value }
  }

  @Test("Disposing a Single.create(work:) subscription cancels its task", .timeLimit(.minutes(1)))
  func disposingCancelsAsyncWork() async {
    await withCheckedContinuation { (cancelled: CheckedContinuation<Void, Never>) in
      let subscription = Single<Int>.create {
        do {
          try await Task.sleep(nanoseconds: 120_000_000_000)
        } catch {
          cancelled.resume()
          throw error
        }
        return 0
      }.subscribe(onFailure: { _ in })
      subscription.dispose()
    }
  }
}
