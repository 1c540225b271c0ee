import Streams
import StreamsTest
import Testing

/// `Maybe.ifEmpty` is `Observable.ifEmpty` under the trait, as in RxSwift: the fallback is
/// subscribed when the maybe completes empty and ends with the result (or when it is disposed).
/// (`asMaybe()` itself releases its source at the source's completion.)
@Suite("Traits: Maybe.ifEmpty timing")
struct MaybeIfEmptyTimingTests {
  @Test("ifEmpty(switchTo:) subscribes the fallback at the empty completion; both end with the result")
  func switchToMaybe() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250, Int.self)])
    let fallback = scheduler.createColdObservable([.next(10, 7), .completed(20)])
    let observer = scheduler.start {
      source.asMaybe().ifEmpty(switchTo: fallback.asMaybe()).asObservable()
    }
    #expect(observer.events == [.next(270, 7), .completed(270)])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(fallback.subscriptions == [Subscription(250, 270)])
  }

  @Test("ifEmpty(switchTo:) with a single: disposing the result disposes the running fallback")
  func switchToSingleDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.completed(250, Int.self)])
    let fallback = scheduler.createColdObservable([.next(100, 7), .completed(100)])
    let observer = scheduler.start(disposed: 300) {
      source.asMaybe().ifEmpty(switchTo: fallback.asSingle()).asObservable()
    }
    #expect(observer.events == [])
    #expect(source.subscriptions == [Subscription(200, 250)])
    #expect(fallback.subscriptions == [Subscription(250, 300)])
  }

  @Test("ifEmpty(default:) succeeds with the default at the empty completion; an element wins over it")
  func defaultValue() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(250, Int.self)])
    let emptyObserver = scheduler.start { empty.asMaybe().ifEmpty(default: 9).asObservable() }
    #expect(emptyObserver.events == [.next(250, 9), .completed(250)])
    #expect(empty.subscriptions == [Subscription(200, 250)])

    let other = TestScheduler(initialClock: 0)
    let full = other.createHotObservable([.next(240, 1), .completed(250)])
    let fullObserver = other.start { full.asMaybe().ifEmpty(default: 9).asObservable() }
    #expect(fullObserver.events == [.next(250, 1), .completed(250)])
    #expect(full.subscriptions == [Subscription(200, 250)])
  }
}
