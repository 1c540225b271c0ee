import Streams
import StreamsTest
import Testing

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
