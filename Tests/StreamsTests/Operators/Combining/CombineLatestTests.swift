import Streams
import StreamsTest
import Testing

@Suite("combineLatest")
struct CombineLatestTests {
  @Test("combineLatest emits once both have values, then on every change")
  func combineLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
    let b = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
    let observer = scheduler.start { Observable.combineLatest(a, b) { "\($0)\($1)" } }
    #expect(observer.events == [.next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(260)])
    #expect(a.subscriptions == [Subscription(200, 260)])
  }

  @Test("combineLatest with one empty source completes only when the other emits or completes")
  func combineLatestEmptySource() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
    let other = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
    let observer = scheduler.start { Observable.combineLatest(empty, other) { $0 + $1 } }
    #expect(observer.events == [.completed(230)])
    #expect(other.subscriptions == [Subscription(200, 230)])
  }

  @Test("combineLatest of an empty collection sends [] then completes; the collection form combines")
  func combineLatestCollection() {
    let empty = Recorder<[Int]>()
    _ = Observable<Int>.combineLatest([Observable<Int>]()).subscribe(empty)
    #expect(empty.events.count == 2 && empty.elements == [[]] && empty.isCompleted)
    let subjects = (0..<3).map { _ in PublishSubject<Int>() }
    let combined = Recorder<[Int]>()
    _ = Observable.combineLatest(subjects).subscribe(combined)
    for (index, subject) in subjects.enumerated() { subject.onNext(index) }
    subjects[0].onNext(10)
    #expect(combined.elements == [[0, 1, 2], [10, 1, 2]])
  }

  @Test("combineLatest: a throwing selector fails and disposes every source")
  func combineLatestThrows() {
    let a = PublishSubject<Int>()
    let b = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = Observable.combineLatest(a, b) { _, _ -> Int in throw TestError(id: 1) }.subscribe(recorder)
    a.onNext(1)
    b.onNext(2)
    #expect(recorder.error as? TestError == TestError(id: 1))
    #expect(!a.hasObservers && !b.hasObservers)
  }

  @Test("combineLatest of three and four sources")
  func combineLatestArities() {
    let three = Recorder<String>()
    _ = Observable.combineLatest(Observable.just(1), Observable.just("b"), Observable.just(true)) { "\($0)\($1)\($2)" }
      .subscribe(three)
    #expect(three.elements == ["1btrue"] && three.isCompleted)
    let four = Recorder<Int>()
    _ = Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4))
      .map { $0 + $1 + $2 + $3 }.subscribe(four)
    #expect(four.elements == [10])
  }
}

@Suite("combineLatest of 2–8 sources and of collections")
struct CombineLatestArityTests {
  @Test("eight sources: nothing until every source sent, then the latest of each on every element")
  func eightSources() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<7).map { index in
      scheduler.createHotObservable([.next(210 + 10 * index, index), .completed(400)])
    }
    let last = scheduler.createHotObservable([.next(290, 70), .next(300, 80), .completed(400)])
    let observer = scheduler.start {
      Observable.combineLatest(
        sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], last
      ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
    }
    #expect(observer.events == [.next(290, 21 + 70), .next(300, 21 + 80), .completed(400)])
  }

  @Test("the tuple form sends the same combinations as the selector form, typed per source")
  func tupleForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let numbers = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
    let letters = scheduler.createHotObservable([.next(220, "a"), .completed(300)])
    let flags = scheduler.createHotObservable([.next(230, true), .completed(300)])
    let doubles = scheduler.createHotObservable([.next(230, 0.5), .completed(300)])
    let words = scheduler.createHotObservable([.next(230, "x"), .completed(300)])
    let observer = scheduler.start { () -> Observable<String> in
      let tuples: Observable<(Int, String, Bool, Double, String)> =
        Observable.combineLatest(numbers, letters, flags, doubles, words)
      return tuples.map { "\($0)\($1)\($2)\($3)\($4)" }
    }
    #expect(observer.events == [.next(230, "1atrue0.5x"), .next(240, "2atrue0.5x"), .completed(300)])
  }

  @Test("each source's subscription ends when it completes, and all complete before the result does")
  func completion() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<5).map { index in
      scheduler.createHotObservable([.next(210, index), .completed(250 + 10 * index)])
    }
    let observer = scheduler.start {
      Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4]) { [$0, $1, $2, $3, $4] }
    }
    #expect(observer.events == [.next(210, [0, 1, 2, 3, 4]), .completed(290)])
    #expect(sources.map(\.subscriptions) == (0..<5).map { [Subscription(200, 250 + 10 * $0)] })
  }

  @Test("a source that completed without an element ends the result once every other source completed and one sends")
  func emptySourceEndsResult() {
    let scheduler = TestScheduler(initialClock: 0)
    let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
    let finished = (0..<4).map { _ in scheduler.createHotObservable([.next(212, 1), .completed(215)]) }
    let live = scheduler.createHotObservable([.next(213, 1), .next(220, 2), .next(230, 3)])
    let observer = scheduler.start {
      Observable.combineLatest(empty, finished[0], finished[1], finished[2], finished[3], live) {
        $0 + $1 + $2 + $3 + $4 + $5
      }
    }
    #expect(observer.events == [.completed(220)])
    #expect(live.subscriptions == [Subscription(200, 220)])
  }

  @Test("the first error of any of seven sources ends the result and disposes every source")
  func error() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<6).map { _ in scheduler.createHotObservable([.next(210, 1)]) }
    let failing = scheduler.createHotObservable([.error(220, TestError(id: 7))] as [Recorded<Event<Int>>])
    let observer = scheduler.start {
      Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], failing) {
        $0 + $1 + $2 + $3 + $4 + $5 + $6
      }
    }
    #expect(observer.events == [.error(220, TestError(id: 7))])
    #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 220)] })
  }

  @Test("a throwing selector ends the result with its error")
  func throwingSelector() {
    let scheduler = TestScheduler(initialClock: 0)
    let sources = (0..<6).map { scheduler.createHotObservable([.next(210 + $0, $0)]) }
    let observer = scheduler.start {
      Observable.combineLatest(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5]) {
        _, _, _, _, _, _ -> Int in throw TestError(id: 6)
      }
    }
    #expect(observer.events == [.error(215, TestError(id: 6))])
  }

  @Test("the collection form without a selector sends arrays, typed by the element: Observable<Int>.combineLatest")
  func collectionForm() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
    let observer = scheduler.start { () -> Observable<[Int]> in
      Observable<Int>.combineLatest(AnyCollection([a.asObservable(), b.asObservable()]))
    }
    #expect(observer.events == [.next(220, [1, 2]), .next(230, [3, 2]), .completed(300)])
  }

  @Test("the instance forms send what the static forms send")
  func instanceForms() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let b = scheduler.createHotObservable([.next(220, "a"), .completed(300)])
    let c = scheduler.createHotObservable([.next(220, true), .completed(300)])
    let observer = scheduler.start { () -> Observable<String> in
      let tuples: Observable<(Int, String, Bool)> = a.combineLatest(b, c)
      return tuples.map { "\($0)\($1)\($2)" }
    }
    #expect(observer.events == [.next(220, "1atrue"), .next(230, "2atrue"), .completed(300)])
    let selected = TestScheduler(initialClock: 0).start {
      Observable.just(1).combineLatest(Observable.just(2)) { $0 + $1 }
    }
    #expect(selected.events == [.next(200, 3), .completed(200)])
  }
}
