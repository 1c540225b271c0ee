import Streams
import StreamsTest
import Testing

@Suite("single()")
struct SingleOperatorTests {
  @Test("One element passes when it arrives; completion follows")
  func oneElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.next(210, 1), .completed(250)])
    #expect(source.subscriptions == [Subscription(200, 250)])
  }

  @Test("A second element fails at once with moreThanOneElement and disposes the source")
  func secondElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
    #expect(source.subscriptions == [Subscription(200, 220)])
  }

  @Test("Completing without an element fails with noElements")
  func noElement() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.single() }
    #expect(observer.events == [.error(250, RxError.noElements)])
  }

  @Test("single(_:) counts only the matching elements; a thrown error ends the sequence")
  func predicate() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 4), .next(230, 3), .next(240, 6)])
    let observer = scheduler.start { source.single { $0.isMultiple(of: 2) } }
    #expect(observer.events == [.next(220, 4), .error(240, RxError.moreThanOneElement)])

    let throwing = Recorder<Int>()
    _ = Observable.of(1).single { _ in throw TestError(id: 3) }.subscribe(throwing)
    #expect(throwing.error as? TestError == TestError(id: 3))
  }
}
