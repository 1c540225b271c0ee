import Streams
import StreamsTest
import Testing

@Suite("debug")
struct DebugTests {
  @Test("debug prints subscription, events and disposal")
  func debug() {
    let lines = Log()
    _ = Observable.of(1).debug("numbers", print: { lines($0) }).subscribe()
    let suffixes = lines.entries.map {
      String($0.split(separator: ">").last ?? "").trimmingCharacters(in: .whitespaces)
    }
    #expect(suffixes == ["subscribed", "Event next(1)", "Event completed", "isDisposed"])
    #expect(lines.entries.allSatisfy { $0.contains(": numbers -> ") })
  }
}

@Suite("asObservable")
struct AsObservableIdentityTests {
  @Test("asObservable on a subject is the subject itself; on a relay a wrapper that forwards")
  func asObservableIdentity() {
    let subject = PublishSubject<Int>()
    #expect(subject.asObservable() === subject)
    let relay = PublishRelay<Int>()
    let recorder = Recorder<Int>()
    _ = relay.asObservable().subscribe(recorder)
    relay.accept(1)
    #expect(recorder.elements == [1])
  }
}

/// RxSwift 6's rules for `subscribe(on:)`.
@Suite("subscribe(on:) semantics (RxSwift 6 rules)")
struct SubscribeOnDisposalTests {
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
