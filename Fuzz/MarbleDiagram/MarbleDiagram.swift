// libFuzzer target: StreamsTest's marble-diagram parser (Marbles.parse, the String form).
// Invariants: a diagram either fails with MarbleSyntaxError or gives one event per event symbol,
// on the frame grid around startTime, in non-decreasing time; parsing is deterministic.
import Streams
import StreamsTest

let frame: TestTime = 10
let start: TestTime = 1_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let diagram = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let events: [Recorded<Event<String>>]
  do {
    events = try Marbles.parse(diagram, frameDuration: frame, startTime: start)
  } catch is MarbleSyntaxError {
    return 0
  } catch {
    fatalError("untyped failure: \(error)")
  }
  let symbols = diagram.filter { !$0.isWhitespace && !"-()^".contains($0) }
  guard events.count == symbols.count else { fatalError("\(symbols.count) event symbols, \(events.count) events") }
  for (earlier, later) in zip(events, events.dropFirst()) where later.time < earlier.time {
    fatalError("time goes back from \(earlier.time) to \(later.time)")
  }
  for event in events where (event.time - start) % frame != 0 {
    fatalError("\(event.time) is off the \(frame)-tick grid from \(start)")
  }
  guard (try? Marbles.parse(diagram, frameDuration: frame, startTime: start)) == events else {
    fatalError("parse is not deterministic")
  }
  return 0
}
