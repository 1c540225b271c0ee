import Streams
import StreamsTest
import Testing

@Suite("Factories")
struct FactoryTests {
  @Test("just, of, from, from(optional:) are synchronous without a scheduler")
  func synchronousFactories() {
    let log = Log()
    _ = Observable.just(1).subscribe(onNext: { log("just \($0)") }, onCompleted: { log("just done") })
    _ = Observable.of(1, 2).subscribe(onNext: { log("of \($0)") })
    _ = Observable.from([3, 4]).subscribe(onNext: { log("from \($0)") })
    _ = Observable.from(optional: 5).subscribe(onNext: { log("optional \($0)") })
    _ = Observable<Int>.from(optional: nil).subscribe(onCompleted: { log("nil done") })
    log("end")
    #expect(
      log.entries == [
        "just 1", "just done", "of 1", "of 2", "from 3", "from 4", "optional 5", "nil done", "end",
      ])
  }

  @Test("empty, error and never")
  func terminals() {
    let empty = Recorder<Int>()
    let failing = Recorder<Int>()
    let never = Recorder<Int>()
    _ = Observable<Int>.empty().subscribe(empty)
    _ = Observable<Int>.error(TestError(id: 1)).subscribe(failing)
    let subscription = Observable<Int>.never().subscribe(never)
    #expect(empty.events.count == 1 && empty.isCompleted)
    #expect(failing.error as? TestError == TestError(id: 1))
    #expect(never.events.isEmpty)
    subscription.dispose()
  }

  @Test("deferred calls its factory per subscriber; a thrown error is delivered")
  func deferred() {
    let calls = Counter()
    let source = Observable<Int>.deferred {
      calls.increment()
      return .just(calls.value)
    }
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    _ = source.subscribe(first)
    _ = source.subscribe(second)
    #expect(first.elements == [1] && second.elements == [2])
    let failing = Recorder<Int>()
    _ = Observable<Int>.deferred { throw TestError(id: 2) }.subscribe(failing)
    #expect(failing.error as? TestError == TestError(id: 2))
  }

  @Test("range emits start..<start+count; a negative count is a typed error")
  func range() {
    let recorder = Recorder<Int>()
    _ = Observable.range(start: 5, count: 3).subscribe(recorder)
    #expect(recorder.elements == [5, 6, 7])
    let atEdge = Recorder<Int8>()
    _ = Observable<Int8>.range(start: 126, count: 2).subscribe(atEdge)
    #expect(atEdge.elements == [126, 127])
    let negative = Recorder<Int>()
    _ = Observable.range(start: 0, count: -1).subscribe(negative)
    #expect(negative.error as? StreamsError == .argumentOutOfRange)
  }

  @Test("range, of and from with a scheduler run one element per trampoline step")
  func scheduledOnTrampoline() {
    let log = Log()
    _ = Observable.range(start: 0, count: 2, scheduler: CurrentThreadScheduler.instance)
      .subscribe(onNext: { log("range \($0)") }, onCompleted: { log("range done") })
    _ = Observable.of(1, 2, scheduler: CurrentThreadScheduler.instance)
      .subscribe(onNext: { log("of \($0)") })
    #expect(log.entries == ["range 0", "range 1", "range done", "of 1", "of 2"])
  }

  @Test("generate iterates while the condition holds; a thrown error ends it")
  func generate() {
    let recorder = Recorder<Int>()
    _ = Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 }).subscribe(recorder)
    #expect(recorder.elements == [1, 3, 9])
    #expect(recorder.isCompleted)
    let failing = Recorder<Int>()
    _ = Observable.generate(
      initialState: 1, condition: { _ in true },
      iterate: { value in
        if value == 2 { throw TestError(id: 7) }
        return value + 1
      }
    ).subscribe(failing)
    #expect(failing.elements == [1, 2])
    #expect(failing.error as? TestError == TestError(id: 7))
  }

  @Test("using disposes the resource when the subscription ends")
  func using() {
    let resource = BooleanDisposable()
    let recorder = Recorder<Int>()
    _ = Observable.using({ resource }, observableFactory: { _ in .of(1, 2) }).subscribe(recorder)
    #expect(recorder.elements == [1, 2])
    #expect(resource.isDisposed)
    let held = BooleanDisposable()
    let subscription = Observable<Int>.using({ held }, observableFactory: { _ in .never() }).subscribe()
    #expect(!held.isDisposed)
    subscription.dispose()
    #expect(held.isDisposed)
  }
}

@Suite("Factories: edge cases")
struct FactoryEdgeCaseTests {
  @Test("from(endless sequence).take(3) stops the loop")
  func endlessFrom() {
    let recorder = Recorder<Int>()
    _ = Observable.from(sequence(first: 1) { $0 + 1 }).take(3).subscribe(recorder)
    #expect(recorder.elements == [1, 2, 3])
    #expect(recorder.isCompleted)
  }

  @Test("range that would overflow its integer type fails up front")
  func rangeOverflow() {
    let recorder = Recorder<Int8>()
    _ = Observable<Int8>.range(start: 125, count: 4).subscribe(recorder)
    #expect(recorder.elements.isEmpty)
    #expect(recorder.error as? StreamsError == .overflow)
  }

  @Test("Completable.andThen a source subscribed synchronously delivers the next sequence")
  func andThenSynchronous() {
    let subject = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = Completable.empty().andThen(subject.asObservable()).subscribe(recorder)
    subject.onNext(1)
    #expect(recorder.elements == [1])
  }

  @Test("Single.flatMap over a synchronous single waits for the inner single")
  func singleFlatMapSynchronous() {
    let inner = PublishSubject<Int>()
    let recorder = Recorder<Int>()
    _ = Single.just(1).flatMap { _ in inner.asSingle() }.asObservable().subscribe(recorder)
    #expect(recorder.events.isEmpty)
    inner.onNext(5)
    inner.onCompleted()
    #expect(recorder.elements == [5] && recorder.isCompleted)
  }
}

/// RxSwift 6's default scheduling of `of`, `from` and `range`: one element per trampoline step.
@Suite("Factory semantics (RxSwift 6 rules)")
struct FactorySchedulingTests {
  @Test("of without a scheduler sends one element per trampoline step, so combineLatest interleaves: 1a, 2a, 2b")
  func ofInterleavesInCombineLatest() {
    let recorder = Recorder<String>()
    _ = Observable.combineLatest(Observable.of(1, 2), Observable.of("a", "b")) { "\($0)\($1)" }.subscribe(recorder)
    #expect(recorder.events == [.next("1a"), .next("2a"), .next("2b"), .completed])
  }

  @Test("from and range without a scheduler, subscribed in one step, interleave their elements")
  func fromAndRangeInterleave() {
    let log = Log()
    _ = subscribeBoth(Observable.from([1, 2, 3]), Observable.range(start: 10, count: 3), log: log)
    #expect(log.entries == ["1", "10", "2", "11", "3", "12", "done", "done"])
  }

  @Test("of still sends everything before a top-level subscribe returns")
  func ofCompletesBeforeSubscribeReturns() {
    let recorder = Recorder<Int>()
    _ = Observable.of(1, 2, 3).subscribe(recorder)
    #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
  }

  @Test("An endless from stops when take(_:) has enough")
  func endlessFromStopsAtTake() {
    let recorder = Recorder<Int>()
    _ = Observable.from(sequence(first: 0) { $0 + 1 }).take(3).subscribe(recorder)
    #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
  }

  @Test("from(optional:) sends synchronously, with no trampoline step")
  func fromOptionalIsSynchronous() {
    let log = Log()
    _ = subscribeBoth(Observable.of(1, 2), Observable.from(optional: 9), log: log)
    #expect(log.entries == ["9", "done", "1", "2", "done"])
  }

  /// Subscribes `first` then `second` from inside one trampoline step, logging both.
  private func subscribeBoth(_ first: Observable<Int>, _ second: Observable<Int>, log: Log) -> Disposable {
    Observable<Int>.create { _ in
      Disposables.create(
        first.subscribe(onNext: { log("\($0)") }, onCompleted: { log("done") }),
        second.subscribe(onNext: { log("\($0)") }, onCompleted: { log("done") }))
    }.subscribe()
  }
}
