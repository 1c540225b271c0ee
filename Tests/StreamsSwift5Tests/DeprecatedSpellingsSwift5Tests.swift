import Streams
import StreamsTest
import Testing

// RxSwift 5's operator names still compile, deprecated, and do what their RxSwift 6 names do.
// Swift Testing rejects deprecated tests, so the deprecated code lives in deprecated methods that
// the tests reach through a protocol, which raises no warning.
private protocol RxSwift5Code {
  func forwardedEvents() -> [String]
  func takeForDuration(on scheduler: TestScheduler) -> [Recorded<Event<Int>>]
}

private struct RxSwift5Usage: RxSwift5Code {
  @available(*, deprecated)
  func forwardedEvents() -> [String] {
    var seen: [String] = []
    func record<Element>(_ label: String, _ source: Observable<Element>) {
      _ = source.subscribe(
        onNext: { seen.append("\(label) \($0)") }, onError: { _ in seen.append("\(label) error") },
        onCompleted: { seen.append("\(label) done") })
    }
    record("elementAt", Observable.of(1, 2, 3).elementAt(1))
    record("takeWhile", Observable.of(1, 2, 3).takeWhile { $0 < 2 })
    record("takeUntil", Observable.of(1, 2, 3).takeUntil(.inclusive) { $0 == 2 })
    record("takeUntilOther", Observable.of(1).takeUntil(Observable<Int>.never()))
    record("skipWhile", Observable.of(1, 2, 3).skipWhile { $0 < 3 })
    record("catchError", Observable<Int>.error(LegacyError()).catchError { _ in .just(7) })
    record("catchErrorJustReturn", Observable<Int>.error(LegacyError()).catchErrorJustReturn(8))
    record("catchErrorSequence", Observable<Int>.catchError([Observable<Int>.error(LegacyError()), .just(9)]))
    record("subscribeOn", Observable.of(1).subscribeOn(CurrentThreadScheduler.instance))
    record("observeOn", Observable.of(1).observeOn(CurrentThreadScheduler.instance))
    var attempts = 0
    record(
      "retryWhen",
      Observable<Int>.deferred {
        attempts += 1
        return attempts < 2 ? .error(LegacyError()) : .just(attempts)
      }.retryWhen { (errors: Observable<Error>) in errors })
    record(
      "retryWhenTyped",
      Observable<Int>.error(LegacyError()).retryWhen { (errors: Observable<LegacyError>) in
        errors.take(1).map { _ in () }
      })
    let source = PublishSubject<Int>()
    let start = PublishSubject<Void>()
    record("skipUntil", source.skipUntil(start))
    source.onNext(1)
    start.onNext(())
    source.onNext(2)
    return seen
  }

  @available(*, deprecated)
  func takeForDuration(on scheduler: TestScheduler) -> [Recorded<Event<Int>>] {
    let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
    return scheduler.start { source.take(.seconds(50), scheduler: scheduler) }.events
  }
}

@Suite("RxSwift 5 spellings")
struct DeprecatedSpellingsSwift5Tests {
  private let code: RxSwift5Code = RxSwift5Usage()

  @Test("Each old name forwards to its new name")
  func forwarding() {
    #expect(
      code.forwardedEvents() == [
        "elementAt 2", "elementAt done", "takeWhile 1", "takeWhile done", "takeUntil 1", "takeUntil 2",
        "takeUntil done", "takeUntilOther 1", "takeUntilOther done", "skipWhile 3", "skipWhile done",
        "catchError 7", "catchError done", "catchErrorJustReturn 8", "catchErrorJustReturn done",
        "catchErrorSequence 9", "catchErrorSequence done", "subscribeOn 1", "subscribeOn done", "observeOn 1",
        "observeOn done", "retryWhen 2", "retryWhen done", "retryWhenTyped done", "skipUntil 2",
      ])
  }

  @Test("take(_:scheduler:) is take(for:scheduler:)")
  func takeForDuration() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(code.takeForDuration(on: scheduler) == [.next(210, 1), .completed(250)])
  }
}

private struct LegacyError: Error {}
