import Streams
import StreamsTest
import Testing

@Suite("merge, concat and amb over collections and sequences")
struct CollectionCombinatorTests {
  @Test("merge over an AnyCollection subscribes every source at once and completes when all did")
  func mergeAnyCollection() {
    let scheduler = TestScheduler(initialClock: 0)
    let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let b = scheduler.createHotObservable([.next(220, 2), .completed(250)])
    let observer = scheduler.start { Observable.merge(AnyCollection([a.asObservable(), b.asObservable()])) }
    #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(250)])
    #expect(a.subscriptions == [Subscription(200, 230)] && b.subscriptions == [Subscription(200, 250)])
  }

  @Test("merge of no sources completes at once, in all three forms")
  func mergeEmpty() {
    let forms: [() -> Observable<Int>] = [
      { Observable.merge() }, { Observable.merge([]) }, { Observable.merge(AnyCollection([])) },
    ]
    for form in forms {
      let scheduler = TestScheduler(initialClock: 0)
      #expect(scheduler.start(form).events == [.completed(200)])
    }
  }

  @Test("merge subscribes to every source before its subscribe returns, even inside a trampoline")
  func mergeSubscribesNow() {
    var subscribed: [Int] = []
    let sources = (0..<3).map { index in Observable<Int>.never().do(onSubscribe: { subscribed.append(index) }) }
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      let subscription = Observable.merge(sources).subscribe()
      #expect(subscribed == [0, 1, 2])
      return subscription
    }
    #expect(subscribed == [0, 1, 2])
  }

  @Test("concat reads a lazy sequence one source at a time, after the previous one completed")
  func concatIsLazy() {
    var made: [Int] = []
    let sources = (0..<3).lazy.map { index -> Observable<Int> in
      made.append(index)
      return .just(index)
    }
    let recorder = Recorder<Int>()
    let subject = PublishSubject<Int>()
    _ = Observable.concat([subject.asObservable(), Observable.deferred { .concat(sources) }]).subscribe(recorder)
    #expect(made == [])
    subject.onNext(7)
    subject.onCompleted()
    #expect(made == [0, 1, 2])
    #expect(recorder.elements == [7, 0, 1, 2] && recorder.isCompleted)
  }

  @Test("concat over an endless sequence of trampolined sources stops pulling when a downstream take has enough")
  func concatEndless() {
    var made = 0
    let endless = AnySequence { () -> AnyIterator<Observable<Int>> in
      AnyIterator {
        made += 1
        return .just(made, scheduler: CurrentThreadScheduler.instance)
      }
    }
    let recorder = Recorder<Int>()
    _ = Observable.concat(endless).take(3).subscribe(recorder)
    #expect(recorder.elements == [1, 2, 3] && recorder.isCompleted)
    #expect(made == 3)
  }

  @Test("concat of many synchronous sources does not grow the stack")
  func concatManySynchronous() {
    let recorder = Recorder<Int>()
    _ = Observable.concat((0..<100_000).lazy.map { Observable.just($0) }).subscribe(recorder)
    #expect(recorder.elements.count == 100_000 && recorder.isCompleted)
  }

  @Test("concat: an error ends the result; later sources are never subscribed")
  func concatError() {
    let scheduler = TestScheduler(initialClock: 0)
    let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
    let later = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let observer = scheduler.start { Observable.concat(failing.asObservable(), later.asObservable()) }
    #expect(observer.events == [.next(210, 1), .error(220, TestError(id: 1))])
    #expect(later.subscriptions == [])
  }

  @Test("amb over any sequence mirrors the first source to send and disposes the others then")
  func ambSequence() {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createHotObservable([.next(230, 1), .completed(240)])
    let fast = scheduler.createHotObservable([.next(220, 2), .completed(250)])
    let observer = scheduler.start { Observable.amb(AnySequence([slow.asObservable(), fast.asObservable()])) }
    #expect(observer.events == [.next(220, 2), .completed(250)])
    #expect(slow.subscriptions == [Subscription(200, 220)])
  }

  @Test("amb of no sources never sends anything")
  func ambEmpty() {
    let scheduler = TestScheduler(initialClock: 0)
    #expect(scheduler.start { Observable<Int>.amb([]) }.events == [])
  }
}
