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

/// RxSwift 6's `multicast(_:selector:)`.
@Suite("multicast with a selector (RxSwift 6 rules)")
struct MulticastSelectorRulesTests {
  @Test("multicast(_:selector:) subscribes the selector's sequence, then connects, once per subscriber")
  func multicastSelectorSharesOneSubscriptionPerSubscriber() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start {
      xs.multicast({ PublishSubject<Int>() }) { shared in Observable.zip(shared, shared.map { $0 * 10 }) { $0 + $1 } }
    }
    #expect(observer.events == [.next(210, 11), .next(220, 22), .completed(230)])
    #expect(xs.subscriptions == [Subscription(200, 230)])
  }

  @Test("multicast(_:selector:) sends an error thrown by the subject factory or the selector")
  func multicastSelectorSendsThrownErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let factoryFails = scheduler.start {
      xs.multicast({ () throws -> PublishSubject<Int> in throw TestError(id: 1) }) { $0 }
    }
    #expect(factoryFails.events == [.error(200, TestError(id: 1))])
    let selectorScheduler = TestScheduler(initialClock: 0)
    let ys = selectorScheduler.createHotObservable([Recorded<Event<Int>>.next(210, 1)])
    let selectorFails = selectorScheduler.start {
      ys.multicast({ PublishSubject<Int>() }) { (_: Observable<Int>) throws -> Observable<Int> in throw TestError(id: 2)
      }
    }
    #expect(selectorFails.events == [.error(200, TestError(id: 2))])
    #expect(xs.subscriptions.isEmpty && ys.subscriptions.isEmpty)
  }
}
