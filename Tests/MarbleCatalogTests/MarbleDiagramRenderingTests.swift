import Foundation
import Streams
import StreamsTest
import Testing

@Suite("MarbleDiagram: SVG rendering")
struct MarbleDiagramRenderingTests {
  let diagram = MarbleDiagram(
    caption: "map { $0 < \"b\" }",
    inputs: [.init(label: "source", events: [.next(210, "a"), .next(230, "b"), .error(240, ReadError("boom"))])],
    outputs: [.init(label: "result", events: [.next(210, "true"), .completed(250)], cut: nil)])

  @Test("Screen readers get the caption as the title and every event in the description")
  func accessibleText() {
    let svg = diagram.svg()
    #expect(svg.contains("<title id=\"title\">map { $0 &lt; &quot;b&quot; }</title>"))
    #expect(
      svg.contains(
        "<desc id=\"desc\">source: a at frame 1, b at frame 3, error boom at frame 4. result: true at frame 1, completed at frame 5.</desc>"
      ))
    #expect(svg.contains("role=\"img\" aria-labelledby=\"title desc\""))
  }

  @Test("Colours follow the reader's dark appearance")
  func darkMode() {
    #expect(diagram.svg().contains("@media (prefers-color-scheme: dark)"))
  }

  @Test("Equal values share a colour; the same diagram always gives the same bytes")
  func deterministic() {
    let twice = MarbleDiagram(
      caption: "x", inputs: [.init(label: "a", events: [.next(210, "q"), .next(220, "q")])], outputs: [])
    let fills = twice.svg().matches(of: #/fill="(#[0-9a-f]{6})"/#).map { String($0.output.1) }
    #expect(fills.count == 2 && fills[0] == fills[1])
    #expect(diagram.svg() == diagram.svg())
  }

  @Test("Completion is a bar, an error a cross, an unsubscription a dashed bar")
  func terminalMarks() {
    let cut = MarbleDiagram(
      caption: "x", inputs: [.init(label: "inner", events: [.next(210, "a")], start: 200, cut: 250, isInner: true)],
      outputs: [])
    #expect(diagram.svg().contains("<g class=\"error\" data-time=\"240\" data-kind=\"error\" data-value=\"boom\">"))
    #expect(diagram.svg().contains("<g class=\"completed\" data-time=\"250\" data-kind=\"completed\">"))
    #expect(cut.svg().contains("<g class=\"cut\" data-time=\"250\">"))
  }
}
