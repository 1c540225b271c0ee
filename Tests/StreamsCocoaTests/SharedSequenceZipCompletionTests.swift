import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  /// `Driver.zip` of 2 to 8 sources forwards to `Observable.zip` of the same arity, so it keeps
  /// RxCocoa's rule for when the result completes: only once every source has completed (the
  /// collection form's rule, completing when an element arrives while the others are done and one
  /// queue is empty, is not the fixed-arity forms').
  @Suite("SharedSequence zip completion")
  @MainActor
  struct SharedSequenceZipCompletionTests {
    /// The events of `make` applied to drivers of hot sources (each delivers one tick later).
    private func events(
      _ sources: [[Recorded<Event<Int>>]], _ make: @escaping ([Driver<Int>]) -> Driver<Int>
    ) -> [Recorded<Event<Int>>] {
      mocked { scheduler in
        let drivers = sources.map { scheduler.createHotObservable($0).asDriver(onErrorJustReturn: -1) }
        return scheduler.start { make(drivers).asObservable() }.events
      }
    }

    @Test("zip of two completes when the last source completes, not when an element finds the other done")
    func zipTwoWaitsForEverySource() {
      let a: [Recorded<Event<Int>>] = [.next(210, 1), .completed(220)]
      let b: [Recorded<Event<Int>>] = [.next(230, 10), .next(240, 20), .completed(250)]
      #expect(events([a, b]) { Driver.zip($0[0], $0[1]) { $0 + $1 } } == [.next(231, 11), .completed(251)])
    }

    @Test("zip of four completes when the last source completes")
    func zipFourWaitsForEverySource() {
      let done: [Recorded<Event<Int>>] = [.next(210, 1), .completed(220)]
      let late: [Recorded<Event<Int>>] = [.next(230, 10), .next(240, 20), .completed(250)]
      #expect(
        events([done, done, done, late]) { Driver.zip($0[0], $0[1], $0[2], $0[3]) { $0 + $1 + $2 + $3 } }
          == [.next(231, 13), .completed(251)])
    }
  }
}
