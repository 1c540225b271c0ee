import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  /// Every `Driver` and `Signal` operator re-shares with `share(replay: 1)` or `share()` in the
  /// `.whileConnected` scope, so, as in RxCocoa, a completion reaches the subscriber before the
  /// operator's source is disposed.
  @Suite("SharedSequence terminal event and disposal order")
  @MainActor
  struct SharedSequenceTerminalOrderTests {
    /// The subscriber's events and the disposal of the shared operator's source, in order.
    private func order<Strategy>(
      _ make: (Observable<Int>) -> SharedSequence<Strategy, Int>
    ) -> [String] {
      let log = Log()
      mocked { scheduler in
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)]).asObservable()
        let shared = make(source).do(onDispose: { log("dispose@\(scheduler.clock)") })
        _ = scheduler.scheduleAt(200) {
          _ = shared.asObservable().subscribe(
            onNext: { log("next(\($0))@\(scheduler.clock)") }, onCompleted: { log("completed@\(scheduler.clock)") })
        }
        scheduler.start()
      }
      return log.entries
    }

    @Test("Driver: the completion first, then the disposal of the source")
    func driver() {
      #expect(order { $0.asDriver(onErrorJustReturn: -1) } == ["next(1)@211", "completed@301", "dispose@301"])
    }

    @Test("Signal: the completion first, then the disposal of the source")
    func signal() {
      #expect(order { $0.asSignal(onErrorJustReturn: -1) } == ["next(1)@211", "completed@301", "dispose@301"])
    }
  }
}
