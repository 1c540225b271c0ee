import Streams
import StreamsTest
import Testing

@Suite("multicast(_:selector:)")
struct MulticastSelectorTests {
  @Test("The selector's subscriptions share one source subscription per subscriber")
  func sharesOneSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start {
      source.multicast(
        { PublishSubject<Int>() },
        selector: { shared in
          Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 }
        })
    }
    #expect(observer.events == [.next(210, 11), .next(220, 22), .completed(230)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }

  @Test("Each subscriber gets a fresh subject; an error thrown by either closure is delivered")
  func freshSubjectAndErrors() {
    var made = 0
    let shared = Observable.of(1, 2).multicast(
      { () -> ReplaySubject<Int> in
        made += 1
        return ReplaySubject.createUnbounded()
      }, selector: { $0 })
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    _ = shared.subscribe(first)
    _ = shared.subscribe(second)
    #expect(made == 2)
    #expect(first.elements == [1, 2] && second.elements == [1, 2])

    let subjectFails = Recorder<Int>()
    _ = Observable.of(1).multicast({ () throws -> PublishSubject<Int> in throw TestError(id: 1) }, selector: { $0 })
      .subscribe(subjectFails)
    #expect(subjectFails.error as? TestError == TestError(id: 1))
    let selectorFails = Recorder<Int>()
    _ = Observable.of(1).multicast({ PublishSubject<Int>() }, selector: { _ in throw TestError(id: 2) })
      .subscribe(selectorFails)
    #expect(selectorFails.error as? TestError == TestError(id: 2))
  }
}
