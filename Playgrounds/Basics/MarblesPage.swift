import Foundation
import MarbleCatalog
import Streams
import StreamsTest

/// Page 6: testing in virtual time, drawn as marble diagrams.
func marblesPage() throws {
  page(
    6, "A marble test",
    "TestScheduler runs time virtually: no waiting. Each character of a diagram is 10 ticks; '|' completes.")
  let scheduler = TestScheduler(initialClock: 0)
  let values: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4]
  let source = try scheduler.createHotObservable("-a-b-c-d-|", values: values)
  show("source:               " + "-a-b-c-d-|")
  let observer = scheduler.start { source.filter { $0 % 2 == 0 }.map { $0 * 10 } }
  let doubled: [Character: Int] = ["B": 20, "D": 40]
  show("filter(even).map(×10): " + Marbles.render(observer.events, values: doubled))
  let expected = "---B---D-|"
  if let mismatch = Marbles.mismatch(observer.events, expected, values: doubled) {
    show("Unexpected:\n\(mismatch)")
  } else {
    show("matches the expected diagram \(expected) (in a test: assertMarbles(observer.events, …))")
  }
  show("the source was subscribed at 200 and unsubscribed at completion: \(source.subscriptions)")

  // The same run, drawn as a picture: open the file in a browser.
  let diagram = MarbleDiagram(
    caption: "filter { $0 % 2 == 0 }.map { $0 * 10 }",
    inputs: [.init(label: "source", events: source.recordedEvents.map { $0.map { "\($0)" } })],
    outputs: [.init(label: "result", events: observer.events.map { $0.map { "\($0)" } })])
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("basics-filter-map.svg")
  try diagram.svg().write(to: file, atomically: true, encoding: .utf8)
  show("this run as a picture: \(file.path)")

  // Every operator article shows pictures drawn the same way, by `swift run Marbles`.
  show("the documentation's operator pictures, in \(MarbleCatalog.directory.path):")
  let byArticle = Dictionary(grouping: MarbleCatalog.entries, by: \.article)
  for article in byArticle.keys.sorted() {
    show("  \(article): " + byArticle[article]!.map(\.fileName).joined(separator: ", "))
  }
}

extension Recorded {
  /// The same recorded event with its element transformed, for drawing a typed run as text.
  fileprivate func map<Element, Label>(_ transform: (Element) -> Label) -> Recorded<Event<Label>>
  where Value == Event<Element> {
    Recorded<Event<Label>>(time: time, value: value.map(transform))
  }
}
