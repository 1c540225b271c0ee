import Streams
import Testing

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

  @Test("An error of another type ends the result through the handler's sequence")
  func foreignError() {
    let recorder = Recorder<Int>()
    _ = Observable<Int>.error(TestError(id: 8))
      .retry(when: { (errors: Observable<Failure>) in errors.map { _ in () } })
      .subscribe(recorder)
    #expect(recorder.error as? TestError == TestError(id: 8))
  }
}
