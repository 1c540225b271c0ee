import Streams
import StreamsTest
import Testing

/// RxSwift 6's default scheduling of `of`, `from` and `range`: one element per trampoline step.
@Suite("Factory semantics (RxSwift 6 rules)")
struct FactorySemanticsTests {
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
