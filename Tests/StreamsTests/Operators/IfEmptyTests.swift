import Streams
import StreamsTest
import Testing

@Suite("ifEmpty")
struct IfEmptyTests {
  @Test("ifEmpty(default:) sends the default before completion only when nothing came")
  func defaultValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
    #expect(scheduler.start { empty.ifEmpty(default: 9) }.events == [.next(250, 9), .completed(250)])

    let values = Recorder<Int>()
    _ = Observable.of(1).ifEmpty(default: 9).subscribe(values)
    #expect(values.elements == [1] && values.isCompleted)
    let failing = Recorder<Int>()
    _ = Observable<Int>.error(TestError()).ifEmpty(default: 9).subscribe(failing)
    #expect(failing.events.count == 1 && failing.error is TestError)
  }

  @Test("ifEmpty(switchTo:) subscribes the other sequence only when the source completes empty")
  func switchTo() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
    let other = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
    let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
    #expect(observer.events == [.next(240, 7), .next(250, 8), .completed(260)])
    #expect(source.subscriptions == [Subscription(200, 230)])
    #expect(other.subscriptions == [Subscription(230, 260)])
  }

  @Test("ifEmpty(switchTo:) never subscribes the other sequence after an element; disposal reaches it")
  func switchToNotNeeded() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let other = scheduler.createColdObservable([.next(10, 7)])
    let observer = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
    #expect(observer.events == [.next(210, 1), .completed(230)])
    #expect(other.subscriptions.isEmpty)

    let empty = TestScheduler(initialClock: 0)
    let emptySource = empty.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
    let endless = empty.createColdObservable([.next(10, 7)])
    _ = empty.start(disposed: 300) { emptySource.ifEmpty(switchTo: endless.asObservable()) }
    #expect(endless.subscriptions == [Subscription(230, 300)])
  }
}
