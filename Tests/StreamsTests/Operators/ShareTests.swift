import Streams
import StreamsTest
import Testing

@Suite("share")
struct ShareTests {
  @Test("share(replay:scope: .forever) does not restart an ended source for a late subscriber")
  func shareForeverAfterEnd() {
    let subscriptions = Counter()
    let shared = Observable.of(1, 2).do(onSubscribe: { subscriptions.increment() }).share(replay: 1, scope: .forever)
    _ = shared.subscribe()
    let late = Recorder<Int>()
    _ = shared.subscribe(late)
    #expect(late.elements == [2] && late.isCompleted)
    #expect(subscriptions.value == 1)
  }
}
