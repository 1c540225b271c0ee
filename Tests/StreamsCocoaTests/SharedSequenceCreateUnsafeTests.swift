import Streams
import StreamsCocoa
import StreamsTest
import Testing

extension CocoaTests {
  @Suite("SharedSequence.createUnsafe")
  @MainActor
  struct SharedSequenceCreateUnsafeTests {
    @Test("createUnsafe wraps the source as is: no hop to the sharing scheduler, no sharing")
    func wrapsAsIs() {
      let (events, subscriptions) = mocked { scheduler in
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let driver = Driver<Int>.createUnsafe(source: source)
        let events = scheduler.start { driver.asObservable() }.events
        _ = driver.drive(onNext: { _ in })
        return (events, source.subscriptions.count)
      }
      #expect(events == [.next(210, 1), .completed(220)])
      #expect(subscriptions == 2)
    }
  }
}
