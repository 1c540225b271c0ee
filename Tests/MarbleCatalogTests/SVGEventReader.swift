import Foundation
import Streams
import StreamsTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads a marble picture back into its timelines' events, from the `data-*` attributes the
/// renderer writes: an independent check that the picture says what the run recorded.
final class SVGEventReader: NSObject, XMLParserDelegate {
  struct Line: Equatable {
    var label: String
    var events: [Recorded<Event<String>>] = []
  }

  private(set) var lines: [Line] = []
  private var failure: Error?

  static func read(_ svg: String) throws -> [Line] {
    let reader = SVGEventReader()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reader
    guard parser.parse() else { throw parser.parserError ?? ReadError("the SVG is not well-formed XML") }
    if let failure = reader.failure { throw failure }
    return reader.lines
  }

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    guard element == "g", let kind = attributes["class"] else { return }
    if kind == "timeline" {
      lines.append(Line(label: attributes["data-label"] ?? ""))
      return
    }
    guard let eventKind = attributes["data-kind"] else { return }
    guard let time = attributes["data-time"].flatMap(Int.init), !lines.isEmpty else {
      failure = ReadError("an event outside a timeline or without a time")
      return
    }
    let event: Event<String>
    switch eventKind {
    case "next": event = .next(attributes["data-value"] ?? "")
    case "completed": event = .completed
    case "error": event = .error(ReadError(attributes["data-value"] ?? ""))
    default:
      failure = ReadError("unknown event kind \(eventKind)")
      return
    }
    lines[lines.count - 1].events.append(Recorded(time: time, value: event))
  }
}

/// An error read from a picture; it describes itself as the original error did.
struct ReadError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
