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
