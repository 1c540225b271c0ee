import Streams
import StreamsTest
import Testing

@Suite("retry")
struct RetryTests {
  @Test("retry of a source that fails synchronously loops instead of nesting (no stack overflow)")
  func retryDoesNotNest() {
    let attempts = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      attempts.increment()
      return .error(TestError(id: 1))
    }.retry(20_000).subscribe(recorder)
    #expect(attempts.value == 20_000)
    #expect(recorder.error as? TestError == TestError(id: 1))
  }
}

@Suite("retry(when:) with a typed error")
struct TypedRetryWhenTests {
  enum Failure: Error, Equatable {
    case transient, fatal
  }

  @Test("The handler receives the errors as its own type; its elements resubscribe")
  func typedErrors() {
    var attempts = 0
    let recorder = Recorder<Int>()
    _ = Observable<Int>.create { observer in
      attempts += 1
      observer.onNext(attempts)
      observer.onError(attempts < 3 ? Failure.transient : Failure.fatal)
      return Disposables.create()
    }
    .retry(when: { (errors: Observable<Failure>) in
      errors.flatMap { failure -> Observable<Void> in failure == .transient ? .just(()) : .error(failure) }
    })
    .subscribe(recorder)
    #expect(recorder.elements == [1, 2, 3])
    #expect(recorder.error as? Failure == .fatal)
  }

  @Test("An error of another type ends the result at once, without reaching the handler")
  func foreignError() {
    let handlerSaw = Log()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.error(TestError(id: 8))
      .retry(when: { (errors: Observable<Failure>) in
        errors.do(onNext: { _ in handlerSaw("element") }, onError: { _ in handlerSaw("error") })
          .catchAndReturn(.transient).map { _ in () }
      })
      .subscribe(recorder)
    #expect(recorder.error as? TestError == TestError(id: 8))
    #expect(handlerSaw.entries.isEmpty)
  }

  @Test("The result ends when the handler's sequence completes")
  func handlerCompletes() {
    let recorder = Recorder<Int>()
    _ = Observable<Int>.error(Failure.transient)
      .retry(when: { (errors: Observable<Failure>) in errors.take(1).map { _ in () } })
      .subscribe(recorder)
    #expect(recorder.events.count == 1 && recorder.isCompleted)
  }
}
