import Streams
import StreamsTest
import Testing

@Suite("debug")
struct DebugTests {
  @Test("debug prints subscription, events and disposal")
  func debug() {
    let lines = Log()
    _ = Observable.of(1).debug("numbers", print: { lines($0) }).subscribe()
    let suffixes = lines.entries.map {
      String($0.split(separator: ">").last ?? "").trimmingCharacters(in: .whitespaces)
    }
    #expect(suffixes == ["subscribed", "Event next(1)", "Event completed", "isDisposed"])
    #expect(lines.entries.allSatisfy { $0.contains(": numbers -> ") })
  }
}
