import Streams
import StreamsTest
import Testing

/// RxSwift 6's rules for `retry`, `retry(when:)` and `catch(sequence:)`.
@Suite("Error handling semantics (RxSwift 6 rules)")
struct ErrorHandlingSemanticsTests {
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

/// RxSwift 6's rules for `sample(_:defaultValue:)`.
@Suite("sample semantics (RxSwift 6 rules)")
struct SampleSemanticsTests {
  @Test("sample: the sampler's completion is a tick that sends the pending element or the default value")
  func sampleSamplerCompletionIsATick() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(220, 2), .completed(400)])
    let sampler = scheduler.createHotObservable([.next(250, "x"), .completed(500)])
    let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
    #expect(observer.events == [.next(250, 2), .next(500, 0), .completed(500)])
    #expect(source.subscriptions == [Subscription(200, 400)])
  }

  @Test("sample: when the sampler completes before the source, the result never completes")
  func sampleSamplerCompletionBeforeSourceDoesNotComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(400)])
    let sampler = scheduler.createHotObservable([.next(230, "x"), .completed(300)])
    let observer = scheduler.start { source.sample(sampler) }
    #expect(observer.events == [.next(230, 2), .next(300, 3)])
    #expect(source.subscriptions == [Subscription(200, 400)])
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
