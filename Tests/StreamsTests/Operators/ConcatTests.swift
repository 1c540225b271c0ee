import Streams
import StreamsTest
import Testing

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
