import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

@Suite("zip")
struct ZipTests {
  @Test("zip pairs by index and completes when every source has completed")
  func zip() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
    let b = scheduler.createHotObservable([.next(215, "a"), .next(250, "b"), .next(270, "c"), .completed(400)])
    let observer = scheduler.start { Observable.zip(a, b) { "\($0)\($1)" } }
    #expect(observer.events == [.next(215, "1a"), .next(250, "2b"), .next(270, "3c"), .completed(400)])
    #expect(b.subscriptions == [Subscription(200, 400)])
  }

  @Test("zip does not complete while a source is still live, even if no further pair can form")
  func zipEarlyCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let b = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
    let observer = scheduler.start { Observable.zip(a, b) { $0 + $1 } }
    #expect(observer.events == [.next(230, 2)])
  }

  @Test("zip of an empty collection completes with no element; three sources zip")
  func zipCollection() {
    let empty = Recorder<[Int]>()
    _ = Observable<Int>.zip([Observable<Int>]()).subscribe(empty)
    #expect(empty.events.count == 1 && empty.isCompleted)
    let arrays = Recorder<[Int]>()
    _ = Observable.zip([Observable.of(1, 2), Observable.of(10, 20, 30)]).subscribe(arrays)
    #expect(arrays.elements == [[1, 10], [2, 20]] && arrays.isCompleted)
    let three = Recorder<Int>()
    _ = Observable.zip(Observable.of(1), Observable.of(2), Observable.of(3)) { $0 + $1 + $2 }.subscribe(three)
    #expect(three.elements == [6])
  }
}

@Suite("zip of 2–8 sources and of collections")
struct ZipArityTests {
  @Test("eight sources: the n-th elements of all sources, sent when the last of them arrives")
  func eightSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<8).map { index in
      scheduler.createHotObservable([.next(210 + index, index), .next(300 - index, 10 * index)])
    }
    let observer = scheduler.start {
      Observable.zip(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]) {
        [$0, $1, $2, $3, $4, $5, $6, $7]
      }
    }
    #expect(observer.events == [.next(217, Array(0..<8)), .next(300, (0..<8).map { 10 * $0 })])
  }

  @Test("the tuple form pairs the same elements as the selector form, typed per source")
  func tupleForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let numbers = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let letters = scheduler.createHotObservable([.next(220, "a"), .next(250, "b"), .completed(300)])
    let flags = scheduler.createHotObservable([.next(230, true), .next(260, false), .completed(300)])
    let doubles = scheduler.createHotObservable([.next(230, 0.5), .next(235, 1.5), .completed(300)])
    let observer = scheduler.start { () -> Observable<String> in
      let tuples: Observable<(Int, String, Bool, Double)> = Observable.zip(numbers, letters, flags, doubles)
      return tuples.map { "\($0)\($1)\($2)\($3)" }
    }
    #expect(observer.events == [.next(230, "1atrue0.5"), .next(260, "2bfalse1.5"), .completed(300)])
  }

  @Test("the first error of any of six sources ends the result and disposes every source")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<5).map { _ in scheduler.createHotObservable([.next(210, 1)]) }
    let failing = scheduler.createHotObservable([.error(220, TestError(id: 6))] as [Recorded<Event<Int>>])
    let observer = scheduler.start {
      Observable.zip(sources[0], sources[1], sources[2], sources[3], sources[4], failing) {
        $0 + $1 + $2 + $3 + $4 + $5
      }
    }
    #expect(observer.events == [.error(220, TestError(id: 6))])
    #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 220)] })
  }

  @Test("a throwing selector ends the result with its error")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<7).map { scheduler.createHotObservable([.next(210 + $0, $0)]) }
    let observer = scheduler.start {
      Observable.zip(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6]) {
        _, _, _, _, _, _, _ -> Int in throw TestError(id: 7)
      }
    }
    #expect(observer.events == [.error(216, TestError(id: 7))])
  }

  @Test("the collection form without a selector sends arrays, typed by the element: Observable<Int>.zip")
  func collectionForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(300)])
    let observer = scheduler.start { () -> Observable<[Int]> in
      Observable<Int>.zip([a.asObservable(), b.asObservable()])
    }
    #expect(observer.events == [.next(220, [1, 2]), .next(240, [3, 4]), .completed(300)])
  }

  @Test("the instance forms send what the static forms send")
  func instanceForms() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(300)])
    let observer = scheduler.start { () -> Observable<String> in
      let pairs: Observable<(Int, String)> = a.zip(b)
      return pairs.map { "\($0)\($1)" }
    }
    #expect(observer.events == [.next(220, "1a"), .next(240, "2b"), .completed(300)])
    let selected = TestScheduler(initialClock: 0).start {
      Observable.of(1, 2).zip(Observable.of(10, 20), Observable.of(100, 200)) { $0 + $1 + $2 }
    }
    #expect(selected.events == [.next(200, 111), .next(200, 222), .completed(200)])
  }
}

/// RxSwift 6's completion rules for `zip`, and its collection form's freedom from deadlocks.
@Suite("zip semantics (RxSwift 6 rules)")
struct ZipCompletionTests {
  @Test("Typed zip completes only when every source completed: never zipped with empty does not complete")
  func typedZipOfNeverAndEmptyDoesNotComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let never = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let empty = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1), .completed(210)])
    let observer = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
    #expect(observer.events == [])
    #expect(never.subscriptions == [Subscription(200, 1000)])
    #expect(empty.subscriptions == [Subscription(200, 210)])
  }

  @Test("Typed zip completes when the last source completes, even with unpaired elements queued")
  func typedZipCompletesWhenLastSourceCompletes() {
    let scheduler = TestScheduler(initialClock: 0)
    let left = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
    let right = scheduler.createHotObservable([.next(212, 10), .completed(240)])
    let observer = scheduler.start { Observable.zip(left, right) { $0 + $1 } }
    #expect(observer.events == [.next(212, 11), .completed(240)])
    #expect(left.subscriptions == [Subscription(200, 220)])
    #expect(right.subscriptions == [Subscription(200, 240)])
  }

  @Test("Collection zip completes at an element that finds every other source completed and a queue empty")
  func collectionZipCompletesAtElementAfterOthersCompleted() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(260, 5), .next(280, 6), .completed(400)])
    let c = scheduler.createHotObservable([.next(230, 3), .next(240, 4), .completed(270)])
    let observer = scheduler.start { Observable.zip([a, b, c].map { $0.asObservable() }) { $0.reduce(0, +) } }
    #expect(observer.events == [.next(230, 6), .completed(280)])
    #expect(a.subscriptions == [Subscription(200, 250)])
    #expect(b.subscriptions == [Subscription(200, 280)])
    #expect(c.subscriptions == [Subscription(200, 270)])
  }

  @Test("Collection zip of never and empty does not complete until the live source sends")
  func collectionZipOfNeverAndEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    let live = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
    let empty = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
    let observer = scheduler.start { Observable.zip([live.asObservable(), empty.asObservable()]) }
    #expect(observer.events == [])
    #expect(live.subscriptions == [Subscription(200, 1000)])
  }

  @Test("Collection zip never holds a lock while unsubscribing: no deadlock with a source sending from another thread")
  func collectionZipDoesNotDeadlockWhileUnsubscribing() {
    for _ in 0..<20 {
      let sourceLock = NSLock()
      let holdsLock = DispatchSemaphore(value: 0)
      let errorDelivered = DispatchSemaphore(value: 0)
      let finished = DispatchSemaphore(value: 0)
      var first: AnyObserver<Int>?
      var second: AnyObserver<Int>?
      let failing = Observable<Int>.create {
        first = $0; return Disposables.create()
      }
      // Sends while holding its lock, and takes the same lock to unsubscribe.
      let locking = Observable<Int>.create { observer in
        second = observer
        return Disposables.create {
          sourceLock.lock(); sourceLock.unlock()
        }
      }
      let subscription = Observable.zip([failing, locking]).subscribe(onError: { _ in errorDelivered.signal() })
      guard let failingObserver = first, let lockingObserver = second else {
        Issue.record("zip did not subscribe to both sources")
        return
      }
      DispatchQueue.global().async {
        sourceLock.lock()
        holdsLock.signal()
        _ = errorDelivered.wait(timeout: .now() + 1)
        lockingObserver.onNext(1)
        sourceLock.unlock()
        finished.signal()
      }
      DispatchQueue.global().async {
        holdsLock.wait()
        failingObserver.onError(TestError())
        finished.signal()
      }
      let bothFinished =
        finished.wait(timeout: .now() + 5) == .success && finished.wait(timeout: .now() + 5) == .success
      #expect(bothFinished, "zip deadlocked: it unsubscribed under its lock while the source waited for that lock")
      subscription.dispose()
      if !bothFinished { return }
    }
  }
}
