import Streams
import StreamsTest
import Testing

@Suite("Error-handling operators")
struct ErrorOperatorTests {
  @Test("catch continues with the handler's sequence")
  func catchHandler() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(id: 1))])
    let recovery = scheduler.createColdObservable([.next(5, 8), .completed(10)])
    let observer = scheduler.start { source.asObservable().catch { _ in recovery.asObservable() } }
    #expect(observer.events == [.next(210, 1), .next(225, 8), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("catch with a synchronously failing source keeps the recovery subscription")
  func catchSynchronous() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).catch { _ in subject.asObservable() }.subscribe(recorder)
    subject.onNext(1)
    #expect(recorder.elements == [1])
  }

  @Test("catchAndReturn and a throwing handler")
  func catchAndReturn() {
    let recovered = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).catchAndReturn(7).subscribe(recovered)
    #expect(recovered.elements == [7] && recovered.isCompleted)
    let rethrown = Recorder<Int>()
    _ = Observable<Int>.error(TestError(id: 1)).catch { _ in throw TestError(id: 2) }.subscribe(rethrown)
    #expect(rethrown.error as? TestError == TestError(id: 2))
  }

  @Test("catch(sequence:) tries each source in turn and fails with the last error")
  func catchSequence() {
    let recorder = Recorder<Int>()
    _ = Observable.catch(sequence: [
      Observable.concat(Observable.just(1), Observable.error(TestError(id: 1))), Observable.error(TestError(id: 2)),
      Observable.just(3),
    ]).subscribe(recorder)
    #expect(recorder.elements == [1, 3] && recorder.isCompleted)
    let failing = Recorder<Int>()
    _ = Observable.catch(sequence: [Observable<Int>.error(TestError(id: 1)), .error(TestError(id: 2))])
      .subscribe(failing)
    #expect(failing.error as? TestError == TestError(id: 2))
  }

  @Test("retry(n) subscribes n times in all and sends the last error")
  func retryCount() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 3))])
    let observer = scheduler.start { source.asObservable().retry(3) }
    #expect(
      observer.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError(id: 3))])
    #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }

  @Test("retry() keeps resubscribing until the source completes")
  func retryForever() {
    let attempts = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      attempts.increment()
      return attempts.value < 5 ? .error(TestError()) : .just(attempts.value)
    }.retry().subscribe(recorder)
    #expect(recorder.elements == [5] && recorder.isCompleted)
  }

  @Test("retry(when:) resubscribes when the trigger sends; its completion ends the result at the next error")
  func retryWhen() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 4))])
    let observer = scheduler.start {
      source.asObservable().retry(when: { errors in errors.enumerated().take(2).map { _ in () } })
    }
    // The second error's element resubscribes at 240 before take(2) completes; that completion
    // finds no pending error, so it ends the result at the third attempt's error (RxSwift's rule).
    #expect(observer.events == [.next(210, 1), .next(230, 1), .next(250, 1), .completed(260)])
    #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }
}

/// RxSwift 6's rules for `retry`, `retry(when:)` and `catch(sequence:)`.
@Suite("Error handling semantics (RxSwift 6 rules)")
struct ErrorHandlingRulesTests {
  @Test(
    "retry(when:): a notifier that completes with no error pending is ignored; the result completes with the source")
  func retryWhenNotifierCompletionWithoutPendingErrorIsIgnored() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(50)])
    let notifier = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
    let observer = scheduler.start { source.retry(when: { (_: Observable<Swift.Error>) in notifier }) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("retry(when:): after the notifier completed, the next error completes the result")
  func retryWhenErrorAfterNotifierCompletedCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(50, TestError())])
    let notifier = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
    let observer = scheduler.start { source.retry(when: { (_: Observable<Swift.Error>) in notifier }) }
    #expect(observer.events == [.next(210, 1), .completed(250)])
  }

  @Test("retry(when:) with a typed error: an error of another type ends the result at once")
  func retryWhenTypedErrorPassesOtherErrors() {
    struct Retryable: Error {}
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let observer = scheduler.start {
      source.retry(when: { (errors: Observable<Retryable>) in errors.map { _ in 0 } })
    }
    #expect(observer.events == [.next(210, 1), .error(220, TestError())])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("retry(when:) resubscribes when the handler's sequence answers an error with an element")
  func retryWhenResubscribesOnElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let observer = scheduler.start {
      source.retry(when: { (errors: Observable<Swift.Error>) in
        errors.enumerated().flatMap { index, error -> Observable<Int> in index < 1 ? .just(index) : .error(error) }
      })
    }
    #expect(observer.events == [.next(210, 1), .next(230, 1), .error(240, TestError())])
    #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
  }

  @Test("retry(_:) of a source that fails while subscribing loops without growing the stack")
  func retryOfSynchronousFailureDoesNotNest() {
    var depths: [Int] = []
    var depth = 0
    let failing = Observable<Int>.create { observer in
      depth += 1
      depths.append(depth)
      observer.onError(TestError())
      depth -= 1
      return Disposables.create()
    }
    let recorder = Recorder<Int>()
    _ = failing.retry(10_000).subscribe(recorder)
    #expect(depths.count == 10_000)
    #expect(depths.allSatisfy { $0 == 1 })
    #expect(recorder.events == [.error(TestError())])
  }

  @Test("retry(0) completes at once without subscribing; catch(sequence:) of nothing completes")
  func retryZeroCompletes() {
    var subscribed = false
    let source = Observable<Int>.create { _ in
      subscribed = true
      return Disposables.create()
    }
    let recorder = Recorder<Int>()
    _ = source.retry(0).subscribe(recorder)
    #expect(!subscribed)
    #expect(recorder.events == [.completed])
  }

  @Test("catch(sequence:) moves on at each error and fails with the last one when none is left")
  func catchSequenceFailsWithLastError() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
    let second = scheduler.createColdObservable([.next(10, 2), .error(20, TestError(id: 2))])
    let observer = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
    #expect(observer.events == [.next(210, 1), .next(230, 2), .error(240, TestError(id: 2))])
    #expect(second.subscriptions == [Subscription(220, 240)])
  }
}

/// RxSwift 6 walks `catch(sequence:)` lazily, once per subscription.
@Suite("catch(sequence:) laziness (RxSwift 6 rules)")
struct CatchSequenceLazinessTests {
  @Test("catch(sequence:) walks an endless sequence lazily, with a new iterator per subscription")
  func catchSequenceIsLazy() {
    let made = Counter()
    let sources = sequence(first: 0) { $0 + 1 }.lazy.map { attempt -> Observable<Int> in
      made.increment()
      return attempt < 2 ? .error(TestError(id: attempt)) : .just(attempt)
    }
    let catching = Observable.catch(sequence: sources)
    #expect(made.value == 0)
    let first = Recorder<Int>()
    _ = catching.subscribe(first)
    let second = Recorder<Int>()
    _ = catching.subscribe(second)
    #expect(first.events == [.next(2), .completed])
    #expect(second.events == [.next(2), .completed])
    #expect(made.value == 6)
  }
}
