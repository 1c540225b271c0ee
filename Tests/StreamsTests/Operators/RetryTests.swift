import Streams
import StreamsTest
import Testing

@Suite("retry")
struct RetryTests {
  @Test("retry of a source that fails synchronously loops instead of nesting (no stack overflow)")
  func retryDoesNotNest() {
    let attempts = Counter()
    let recorder = Recorder<Int>()
    _ = Observable<Int>.deferred {
      attempts.increment()
      return .error(TestError(id: 1))
    }.retry(20_000).subscribe(recorder)
    #expect(attempts.value == 20_000)
    #expect(recorder.error as? TestError == TestError(id: 1))
  }
}
