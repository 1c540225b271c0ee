import Foundation
import MarbleCatalog
import Streams
import StreamsTest
import Testing

@Suite("Marble pictures: drawn from runs, committed, and read back")
struct MarbleCatalogTests {
  @Test("Every committed picture is what the operator draws now (run `swift run Marbles` after a change)")
  func committedPicturesMatchTheCode() throws {
    let pictures = try MarbleCatalog.render()
    var stale: [String] = []
    for picture in pictures {
      let file = MarbleCatalog.directory.appendingPathComponent(picture.fileName)
      let committed = try? String(contentsOf: file, encoding: .utf8)
      if committed != picture.svg { stale.append(picture.fileName) }
    }
    #expect(stale.isEmpty, "out of date or missing (run `swift run Marbles`): \(stale.joined(separator: ", "))")

    let onDisk = Set(try FileManager.default.contentsOfDirectory(atPath: MarbleCatalog.directory.path))
    let drawn = Set(pictures.map(\.fileName))
    #expect(onDisk.subtracting(drawn).isEmpty, "pictures no operator draws: \(onDisk.subtracting(drawn).sorted())")
  }

  @Test(
    "A picture reads back as exactly the events its run recorded",
    arguments: ["map", "flatMapLatest", "combineLatest", "debounce", "retry", "refCount", "timeout", "window"])
  func pictureReadsBackAsItsEvents(name: String) throws {
    let entry = try #require(MarbleCatalog.entries.first { $0.name == name })
    let diagram = try entry.diagram()
    let lines = try SVGEventReader.read(diagram.svg())
    let expected = diagram.timelines.map { SVGEventReader.Line(label: $0.label, events: $0.events) }
    #expect(lines == expected)
    #expect(lines.contains { !$0.events.isEmpty })
  }

  @Test("Every picture's alt text in the articles says what the run recorded now")
  func altTextIsCurrent() throws {
    for article in try MarbleCatalog.articlesWithCurrentAltText() {
      let committed = try String(contentsOf: article.url, encoding: .utf8)
      #expect(
        committed == article.text, "\(article.url.lastPathComponent): alt text out of date (run `swift run Marbles`)")
    }
  }

  @Test("The family articles draw no marble diagram by hand")
  func noHandDrawnDiagrams() throws {
    for article in Set(MarbleCatalog.entries.map(\.article)) {
      let url = MarbleCatalog.documentation.appendingPathComponent("\(article).md")
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(!text.contains("```text"), "\(article).md has a hand-typed diagram; add a catalog entry instead")
    }
  }

  @Test("Every entry has a unique name, so no picture overwrites another")
  func namesAreUnique() {
    let names = MarbleCatalog.entries.map(\.name)
    #expect(Set(names).count == names.count)
  }

  @Test("Every picture is referenced by its article, and every marble picture an article shows exists")
  func articlesShowEveryPicture() throws {
    let catalog = MarbleCatalog.documentation
    var referenced: [String: Set<String>] = [:]
    let pattern = #/@Image\(source: "(marble-[A-Za-z0-9]+)\.svg"/#
    for article in Set(MarbleCatalog.entries.map(\.article)) {
      let text = try String(contentsOf: catalog.appendingPathComponent("\(article).md"), encoding: .utf8)
      referenced[article] = Set(text.matches(of: pattern).map { String($0.output.1) + ".svg" })
    }
    for entry in MarbleCatalog.entries {
      #expect(
        referenced[entry.article]?.contains(entry.fileName) == true,
        "\(entry.article).md does not show \(entry.fileName)")
    }
    let drawn = Set(MarbleCatalog.entries.map(\.fileName))
    let shownButNotDrawn = referenced.values.reduce(into: Set<String>()) { $0.formUnion($1) }.subtracting(drawn)
    #expect(shownButNotDrawn.isEmpty, "pictures shown but not drawn: \(shownButNotDrawn.sorted())")
  }
}
