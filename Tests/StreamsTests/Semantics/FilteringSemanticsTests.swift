import Streams
import StreamsTest
import Testing

/// RxSwift 6's rules for `skip(until:)`.
@Suite("skip(until:) semantics (RxSwift 6 rules)")
struct SkipUntilSemanticsTests {
  @Test("skip(until:) whose trigger completes without an element sends nothing, not even the completion")
  func skipUntilEmptyTriggerSendsNothing() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.completed(225)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 225)])
  }

  @Test("skip(until:) whose trigger never sends: the source's completion is swallowed and disposes everything")
  func skipUntilNeverTriggerSwallowsCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(trigger.subscriptions == [Subscription(200, 250)])
  }

  @Test("skip(until:) still forwards the source's error before the trigger fired")
  func skipUntilForwardsErrorBeforeTrigger() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
    let trigger = scheduler.createHotObservable([Recorded<Event<Int>>.next(300, 1)])
    let observer = scheduler.start { source.skip(until: trigger) }
    #expect(observer.events == [.error(250, TestError())])
  }
}

/// RxSwift 6's rules for `subscribe(on:)`.
@Suite("subscribe(on:) semantics (RxSwift 6 rules)")
struct SubscribeOnSemanticsTests {
  @Test("subscribe(on:) disposes the source on the scheduler one tick after it completes")
  func subscribeOnDisposesOnSchedulerAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let observer = scheduler.start { source.subscribe(on: scheduler) }
    #expect(observer.events == [.next(210, 1), .completed(300)])
    #expect(source.subscriptions == [Subscription(201, 301)])
  }

  @Test("subscribe(on:) disposes the source on the scheduler one tick after an error")
  func subscribeOnDisposesOnSchedulerAfterError() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .error(300, TestError())])
    let observer = scheduler.start { source.subscribe(on: scheduler) }
    #expect(observer.events == [.next(210, 1), .error(300, TestError())])
    #expect(source.subscriptions == [Subscription(201, 301)])
  }

  @Test("subscribe(on:) delivers an error sent while subscribing on the scheduler, then disposes a tick later")
  func subscribeOnDeliversSynchronousError() {
    let scheduler = TestScheduler(initialClock: 0)
    var disposedAt: Int?
    let source = Observable<Int>.create { observer in
      observer.onError(TestError())
      return Disposables.create { disposedAt = scheduler.clock }
    }
    let observer = scheduler.start { source.subscribe(on: scheduler) }
    #expect(observer.events == [.error(201, TestError())])
    #expect(disposedAt == 201)
  }
}
