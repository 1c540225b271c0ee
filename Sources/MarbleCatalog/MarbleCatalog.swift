import Foundation
import Streams
import StreamsTest

/// Every operator picture in the documentation, drawn by running the operator.
///
/// `swift run Marbles` writes them into the Streams documentation catalog; a test regenerates them
/// and fails when a committed picture differs from what the code draws now.
public enum MarbleCatalog {
  /// Every entry, grouped by article in the order the articles present them.
  public static let entries: [MarbleCatalogEntry] =
    transforming + filtering + combining + flattening + time + errorHandling + sharing

  /// Where the pictures live: the `Resources/Marbles` folder of the Streams documentation catalog.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Streams/Streams.docc/Resources/Marbles", isDirectory: true)

  /// Each entry's file name and SVG document, drawn now.
  public static func render() throws -> [(fileName: String, svg: String)] {
    try entries.map { ($0.fileName, try $0.diagram().svg()) }
  }

  /// The documentation catalog the articles and pictures belong to.
  public static let documentation = directory.deletingLastPathComponent().deletingLastPathComponent()

  /// Each article that shows pictures, with every picture's `alt` text set to the diagram's
  /// current ``MarbleDiagram/textDescription``, so readers who can't see the picture read what
  /// the run recorded.
  public static func articlesWithCurrentAltText() throws -> [(url: URL, text: String)] {
    let descriptions = try Dictionary(uniqueKeysWithValues: entries.map { ($0.name, try $0.diagram().textDescription) })
    // NSRegularExpression, not Swift's Regex: the package's deployment targets predate Regex.
    let imageReference = try NSRegularExpression(
      pattern: #"@Image\(source: "marble-([A-Za-z0-9]+)\.svg", alt: "[^"]*"\)"#)
    return try Set(entries.map(\.article)).sorted().map { article in
      let url = documentation.appendingPathComponent("\(article).md")
      let text = try String(contentsOf: url, encoding: .utf8)
      let updated = NSMutableString(string: text)
      for match in imageReference.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
        let name = updated.substring(with: match.range(at: 1))
        let alt = descriptions[name].map { "Marble diagram. " + $0.replacingOccurrences(of: "\"", with: "'") } ?? ""
        updated.replaceCharacters(in: match.range, with: "@Image(source: \"marble-\(name).svg\", alt: \"\(alt)\")")
      }
      return (url, updated as String)
    }
  }
}
