import Streams
import StreamsTest
import Testing

@Suite("Traits: shared operators")
struct TraitOperatorTests {
  @Test("timeout: a cold single's outcome at the deadline loses, since the timer was scheduled first")
  func timeoutTieWithColdSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
    let observer = scheduler.start { source.asSingle().timeout(.seconds(10), scheduler: scheduler).asObservable() }
    #expect(observer.events == [.error(210, StreamsError.timeout)])
    #expect(source.subscriptions == [Subscription(200, 210)])
  }

  @Test("timeout: a hot single's outcome at the deadline wins, since it was scheduled first")
  func timeoutTieWithHotSource() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(210)])
    let observer = scheduler.start { source.asSingle().timeout(.seconds(10), scheduler: scheduler).asObservable() }
    #expect(observer.events == [.next(210, 1), .completed(210)])
  }

  @Test("timeout(other:) switches to the other trait at the deadline")
  func timeoutOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let other = scheduler.createColdObservable([.next(20, 2), .completed(20)])
    let observer = scheduler.start {
      source.asSingle().timeout(.seconds(5), other: other.asSingle(), scheduler: scheduler).asObservable()
    }
    #expect(observer.events == [.next(225, 2), .completed(225)])
    #expect(source.subscriptions == [Subscription(200, 205)])
    #expect(other.subscriptions == [Subscription(205, 225)])
  }

  @Test("retry(when:) resubscribes at each notification and completes when the notifier completes")
  func retryWhen() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
    let observer = scheduler.start {
      source.asMaybe()
        .retry(when: { (errors: Observable<Swift.Error>) in
          errors.enumerated().take(while: { $0.index < 1 })
            .flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: scheduler) }
        })
        .asObservable()
    }
    #expect(observer.events == [.completed(225)])
    #expect(source.subscriptions == [Subscription(200, 210), Subscription(215, 225)])
  }

  @Test("The typed retry(when:) retries errors of its type only; others fail the trait at once")
  func typedRetryWhen() {
    struct Transient: Error {}
    let attempts = Counter()
    let flaky = Single<Int>.deferred {
      attempts.increment()
      return attempts.value < 3 ? .error(Transient()) : .error(TestError(id: 2))
    }
    let notified = Counter()
    let log = Log()
    _ = flaky.retry(when: { (errors: Observable<Transient>) in errors.do(onNext: { _ in notified.increment() }) })
      .subscribe(onFailure: { log("\($0)") })
    #expect(log.entries == ["TestError(2)"])
    #expect(attempts.value == 3)
    #expect(notified.value == 2)
  }

  @Test("retry(_:) subscribes at most the given number of times")
  func retryCount() {
    let attempts = Counter()
    let log = Log()
    _ = Single<Int>.deferred {
      attempts.increment()
      return .error(TestError(id: attempts.value))
    }.retry(3).subscribe(onFailure: { log("\($0)") })
    #expect(log.entries == ["TestError(3)"])
  }

  @Test("delay shifts the completion but not an error; delaySubscription shifts the subscription")
  func delays() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.completed(10, Swift.Never.self)])
    let delayed = scheduler.start { source.asCompletable().delay(.seconds(5), scheduler: scheduler).asObservable() }
    #expect(delayed.events == [.completed(215)])

    let failing = TestScheduler(initialClock: 0)
    let failed = failing.start {
      Single<Int>.error(TestError(id: 9)).delay(.seconds(5), scheduler: failing).asObservable()
    }
    #expect(failed.events == [.error(200, TestError(id: 9))])

    let later = TestScheduler(initialClock: 0)
    let lateSource = later.createColdObservable([.next(10, 1), .completed(10)])
    let subscribedLater = later.start {
      lateSource.asSingle().delaySubscription(.seconds(5), scheduler: later).asObservable()
    }
    #expect(subscribedLater.events == [.next(215, 1), .completed(215)])
    #expect(lateSource.subscriptions == [Subscription(205, 215)])
  }

  @Test("timer sends 0 once after the due time")
  func timer() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start { Single<Int>.timer(.seconds(2), scheduler: scheduler).asObservable() }
    #expect(observer.events == [.next(202, 0), .completed(202)])
  }

  @Test("using disposes the resource when the trait ends")
  func using() {
    let log = Log()
    final class Resource: Disposable {
      let log: Log
      init(log: Log) { self.log = log }
      func dispose() { log("resource disposed") }
    }
    _ = Single.using({ Resource(log: log) }, primitiveSequenceFactory: { _ in Single.just(1) })
      .subscribe(onSuccess: { log("success \($0)") })
    #expect(log.entries == ["success 1", "resource disposed"])
  }

  @Test("observe(on:) and subscribe(on:) move the work to the scheduler")
  func schedulers() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.start {
      Completable.empty().subscribe(on: scheduler).observe(on: scheduler).asObservable()
    }
    #expect(observer.events == [.completed(202)])
  }

  @Test("deferred, never and error build traits of each kind")
  func factories() {
    let log = Log()
    let built = Counter()
    let deferred = Maybe<Int>.deferred {
      built.increment()
      return .just(built.value)
    }
    _ = deferred.subscribe(onSuccess: { log("deferred \($0)") })
    _ = deferred.subscribe(onSuccess: { log("deferred \($0)") })
    _ = Completable.never().subscribe(onCompleted: { log("never") }, onError: { _ in log("never") })
    _ = Maybe<Int>.error(TestError(id: 7)).subscribe(onError: { log("\($0)") })
    #expect(log.entries == ["deferred 1", "deferred 2", "TestError(7)"])
  }

  @Test("Single.zip of 2 to 8 sources, with a selector and into tuples")
  func zipArities() {
    let log = Log()
    _ = Single.zip(Single.just(1), Single.just("b")).subscribe(onSuccess: { log("\($0.0)\($0.1)") })
    _ = Single.zip(Single.just(1), .just(2), .just(3)) { $0 + $1 + $2 }.subscribe(onSuccess: { log("\($0)") })
    _ = Single.zip(
      Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5), Single.just(6), Single.just(7),
      Single.just("8")
    ).subscribe(onSuccess: { log("\($0.0 + $0.1 + $0.2 + $0.3 + $0.4 + $0.5 + $0.6)\($0.7)") })
    let one = Single.just(1)
    let eight: Single<Int> = Single.zip(one, one, one, one, one, one, one, one) { a, b, c, d, e, f, g, h in
      [a, b, c, d, e, f, g, h].reduce(0, +)
    }
    _ = eight.subscribe(onSuccess: { log("\($0)") })
    #expect(log.entries == ["1b", "6", "288", "8"])
  }

  @Test("Single.zip waits for the slowest source; the first error fails it and disposes the others")
  func zipTiming() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (1...5).map { index in
      scheduler.createColdObservable([.next(TestTime(index * 10), index), .completed(TestTime(index * 10))])
    }
    let observer = scheduler.start {
      Single.zip(sources.map { $0.asSingle() }) { $0.reduce(0, +) }.asObservable()
    }
    #expect(observer.events == [.next(250, 15), .completed(250)])

    let failing = TestScheduler(initialClock: 0)
    let slow = failing.createColdObservable([.next(50, 1), .completed(50)])
    let broken = failing.createColdObservable([.error(20, TestError(id: 8), Int.self)])
    let failed = failing.start {
      Single.zip(slow.asSingle(), broken.asSingle(), Single.just(3), Single.just(4)).asObservable().map { $0.0 }
    }
    #expect(failed.events == [.error(220, TestError(id: 8))])
    #expect(slow.subscriptions == [Subscription(200, 220)])
  }

  @Test("Single.zip of an empty collection succeeds with the selector's value or an empty array")
  func zipEmptyCollection() {
    let log = Log()
    _ = Single.zip([Single<Int>]()) { "\($0.count)" }.subscribe(onSuccess: { log("selector \($0)") })
    _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { log("array \($0)") })
    #expect(log.entries == ["selector 0", "array []"])
  }

  @Test("Maybe.zip completes empty when one source does")
  func maybeZip() {
    let log = Log()
    _ = Maybe.zip(Maybe.just(1), Maybe<Int>.empty(), Maybe.just(3), Maybe.just(4))
      .subscribe(onSuccess: { _ in log("success") }, onCompleted: { log("empty") })
    _ = Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 }.subscribe(onSuccess: { log("\($0)") })
    #expect(log.entries == ["empty", "3"])
  }
}
