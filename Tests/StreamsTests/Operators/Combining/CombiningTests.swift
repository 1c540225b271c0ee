import Streams
import StreamsTest
import Testing

@Suite("withLatestFrom, sample and amb")
struct WithLatestFromSampleAndAmbTests {

  @Test("withLatestFrom subscribes the other source first and drops elements before it has one")
  func withLatestFrom() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
    let other = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])
    let observer = scheduler.start { source.withLatestFrom(other) { "\($0)\($1)" } }
    #expect(observer.events == [.next(230, "2a"), .next(250, "3b"), .completed(260)])
    let order = Log()
    let first = Observable<Int>.deferred {
      order("source"); return .never()
    }
    let second = Observable<Int>.deferred {
      order("other"); return .never()
    }
    _ = first.withLatestFrom(second).subscribe()
    #expect(order.entries == ["other", "source"])
  }

  @Test("sample emits the newest element per tick, or the default value when nothing new arrived")
  func sample() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(235, 3), .completed(300)])
    let sampler = scheduler.createHotObservable([.next(220, ()), .next(230, ()), .next(240, ()), .completed(250)])
    let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
    // The sampler's completion is one more tick; the source is still running, so no completion.
    #expect(observer.events == [.next(220, 2), .next(230, 0), .next(240, 3), .next(250, 0)])
  }

  @Test("amb mirrors the first source to send and disposes the loser at once")
  func amb() {
    let scheduler = TestScheduler(initialClock: 0)
    let slow = scheduler.createHotObservable([.next(230, 1), .completed(300)])
    let fast = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
    let observer = scheduler.start { slow.asObservable().amb(fast) }
    #expect(observer.events == [.next(220, 2), .next(240, 3), .completed(250)])
    #expect(slow.subscriptions == [Subscription(200, 220)])
  }
}

@Suite("Combining any number of sources")
struct VariadicCombiningTests {
  @Test("combineLatest and zip of eight sources of different types")
  @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
  func eightSources() {
    let combined = Recorder<String>()
    _ = Observable.combineLatest(
      Observable.just(1), Observable.just("b"), Observable.just(true), Observable.just(4.5), Observable.just(5),
      Observable.just("f"), Observable.just(7), Observable.of(8, 9)
    ).map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)\($0.5)\($0.6)\($0.7)" }.subscribe(combined)
    #expect(combined.elements == ["1btrue4.55f78", "1btrue4.55f79"])
    #expect(combined.isCompleted)
    let zipped = Recorder<Int>()
    _ = Observable.zip(
      Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200), Observable.of(1000),
      Observable.of(0), Observable.of(0), Observable.of(0), Observable.of(0)
    ).map { $0.0 + $0.1 + $0.2 + $0.3 }.subscribe(zipped)
    #expect(zipped.elements == [1111])
    #expect(zipped.isCompleted)
  }

  @Test("Two sources still pick the typed overload")
  func twoSourcesTyped() {
    let pairs = Recorder<String>()
    _ = Observable.combineLatest(Observable.just(1), Observable.just("a")).map { "\($0)\($1)" }.subscribe(pairs)
    #expect(pairs.elements == ["1a"])
  }
}

@Suite("concat")
struct ConcatTests {
  @Test("concat of many synchronous sources does not nest subscriptions")
  func longConcat() {
    let recorder = Recorder<Int>()
    _ = Observable.concat((0..<20_000).map { Observable.just($0) }).subscribe(recorder)
    #expect(recorder.elements.count == 20_000)
    #expect(recorder.isCompleted)
  }
}

/// RxSwift 6's rules for `sample(_:defaultValue:)`.
@Suite("sample semantics (RxSwift 6 rules)")
struct SampleTests {
  @Test("sample: the sampler's completion is a tick that sends the pending element or the default value")
  func sampleSamplerCompletionIsATick() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(220, 2), .completed(400)])
    let sampler = scheduler.createHotObservable([.next(250, "x"), .completed(500)])
    let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
    #expect(observer.events == [.next(250, 2), .next(500, 0), .completed(500)])
    #expect(source.subscriptions == [Subscription(200, 400)])
  }

  @Test("sample: when the sampler completes before the source, the result never completes")
  func sampleSamplerCompletionBeforeSourceDoesNotComplete() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(400)])
    let sampler = scheduler.createHotObservable([.next(230, "x"), .completed(300)])
    let observer = scheduler.start { source.sample(sampler) }
    #expect(observer.events == [.next(230, 2), .next(300, 3)])
    #expect(source.subscriptions == [Subscription(200, 400)])
  }
}
