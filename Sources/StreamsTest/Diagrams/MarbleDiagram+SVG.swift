import Streams

extension MarbleDiagram {
  /// The diagram as a standalone SVG document.
  ///
  /// - One line per timeline, labelled at the left; the operator's caption in a box between the
  ///   inputs and the outputs.
  /// - Elements are marbles labelled with their text and coloured by it, so equal values share a
  ///   colour across lines; completion is a vertical bar, an error a cross, an unsubscription a
  ///   dashed bar.
  /// - Colours follow the reader's light or dark appearance (`prefers-color-scheme`).
  /// - `<title>` holds the caption and `<desc>` the ``textDescription``, for screen readers.
  /// - Every event carries `data-time`, `data-kind` and `data-value` attributes, so tools can read
  ///   the events back.
  ///
  /// The output is deterministic: the same diagram always gives the same bytes.
  public func svg() -> String {
    SVGMarbleLayout(diagram: self).document()
  }
}

/// Geometry and drawing of one ``MarbleDiagram``.
struct SVGMarbleLayout {
  let diagram: MarbleDiagram

  static let characterWidth = 7.9
  static let frameWidth = 26.0
  static let rowHeight = 46.0
  static let boxHeight = 38.0
  static let radius = 11.0
  static let margin = 12.0
  static let boxGap = 4.0
  static let innerIndent = 12.0

  /// Fills for element marbles; light enough for dark text in both appearances.
  static let palette = [
    "#8ecae6", "#ffb703", "#90be6d", "#f4a6c6", "#cdb4db", "#f9c74f", "#80ed99", "#ffadad",
  ]

  var frameCount: Double {
    let times = diagram.timelines.flatMap { timeline in
      timeline.events.map(\.time) + [timeline.start, timeline.cut].compactMap { $0 }
    }
    let last = times.map { diagram.frame(of: $0) }.max() ?? 0
    return max(8, (last + 2).rounded(.up))
  }

  /// Room for the longest label, in a 13-point monospaced font.
  var labelWidth: Double {
    let longest = diagram.timelines.map { $0.label.count + ($0.isInner ? 2 : 0) }.max() ?? 0
    return max(64, Double(longest) * Self.characterWidth + 24)
  }

  var width: Double {
    let frames = frameCount * Self.frameWidth
    let caption = Double(diagram.caption.count) * Self.characterWidth + 32
    return Self.margin * 2 + labelWidth + max(frames, caption)
  }
  var height: Double {
    Self.margin * 2 + Double(diagram.timelines.count) * Self.rowHeight + Self.boxHeight + Self.boxGap * 2
  }

  func x(_ time: TestTime) -> Double {
    Self.margin + labelWidth + Self.frameWidth / 2 + diagram.frame(of: time) * Self.frameWidth
  }

  func document() -> String {
    var rows: [String] = []
    var top = Self.margin
    for input in diagram.inputs {
      rows.append(timeline(input, y: top + Self.rowHeight / 2))
      top += Self.rowHeight
    }
    rows.append(box(y: top + Self.boxGap))
    top += Self.boxHeight + Self.boxGap * 2
    for output in diagram.outputs {
      rows.append(timeline(output, y: top + Self.rowHeight / 2))
      top += Self.rowHeight
    }

    // Drawn a quarter larger than its coordinates, so pages that show it at its own size keep
    // the 13-point labels legible.
    let size = "width=\"\(number(width * 1.25))\" height=\"\(number(height * 1.25))\""
    return """
      <svg xmlns="http://www.w3.org/2000/svg" \(size) viewBox="0 0 \(number(width)) \(number(height))" \
      role="img" aria-labelledby="title desc" data-frame-duration="\(diagram.frameDuration)" \
      data-origin="\(diagram.origin)">
      <title id="title">\(escape(diagram.caption))</title>
      <desc id="desc">\(escape(diagram.textDescription))</desc>
      <style>
      .axis{stroke:#555;stroke-width:2;fill:none}
      .tick{stroke:#555;stroke-width:1;opacity:.35}
      .label{fill:#444;font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
      .marble circle,.marble rect{stroke:#222;stroke-width:1.5}
      .marble text{fill:#111;font:bold 12px ui-monospace,SFMono-Regular,Menlo,monospace}
      .completed line{stroke:#222;stroke-width:3}
      .error line{stroke:#d62828;stroke-width:3}
      .cut line{stroke:#555;stroke-width:2;stroke-dasharray:3 3}
      .box rect{fill:#f1f3f5;stroke:#868e96;stroke-width:1.5}
      .box text{fill:#111;font:13px ui-monospace,SFMono-Regular,Menlo,monospace}
      @media (prefers-color-scheme: dark){
      .axis,.tick{stroke:#c9c9c9}.label{fill:#d0d0d0}
      .marble circle,.marble rect{stroke:#f0f0f0}.completed line{stroke:#f0f0f0}
      .error line{stroke:#ff6b6b}.cut line{stroke:#c9c9c9}
      .box rect{fill:#2b2f33;stroke:#8d959c}.box text{fill:#f0f0f0}
      }
      </style>
      \(rows.joined(separator: "\n"))
      </svg>

      """
  }

  func timeline(_ timeline: MarbleDiagram.Timeline, y: Double) -> String {
    let indent = timeline.isInner ? Self.innerIndent : 0
    let start = timeline.start.map(x) ?? Self.margin + labelWidth
    let terminal = timeline.events.first { !$0.value.isNext }.map { x($0.time) }
    let end = timeline.cut.map(x) ?? terminal.map { $0 + Self.frameWidth / 2 } ?? width - Self.margin
    var parts = [
      "<g class=\"timeline\" data-label=\"\(escape(timeline.label))\" data-inner=\"\(timeline.isInner)\"\(timeline.start.map { " data-start=\"\($0)\"" } ?? "")\(timeline.cut.map { " data-cut=\"\($0)\"" } ?? "")>",
      "<text class=\"label\" x=\"\(number(Self.margin + indent))\" y=\"\(number(y + 4))\">\(escape(timeline.label))</text>",
      "<line class=\"axis\" x1=\"\(number(start))\" y1=\"\(number(y))\" x2=\"\(number(end))\" y2=\"\(number(y))\"/>",
    ]
    if timeline.cut == nil && terminal == nil {
      parts.append(
        "<path class=\"axis\" d=\"M\(number(end - 8)) \(number(y - 5)) L\(number(end)) \(number(y)) L\(number(end - 8)) \(number(y + 5))\"/>"
      )
    }
    var sameFrame: [TestTime: Int] = [:]
    for recorded in timeline.events {
      let offset = Double(sameFrame[recorded.time, default: 0]) * (Self.radius + 3)
      sameFrame[recorded.time, default: 0] += 1
      parts.append(event(recorded, x: x(recorded.time) + offset, y: y))
    }
    if let cut = timeline.cut {
      parts.append(
        "<g class=\"cut\" data-time=\"\(cut)\"><line x1=\"\(number(x(cut)))\" y1=\"\(number(y - 12))\" x2=\"\(number(x(cut)))\" y2=\"\(number(y + 12))\"/></g>"
      )
    }
    parts.append("</g>")
    return parts.joined(separator: "\n")
  }

  func event(_ recorded: Recorded<Event<String>>, x: Double, y: Double) -> String {
    let time = "data-time=\"\(recorded.time)\""
    switch recorded.value {
    case .next(let element):
      let label = escape(element)
      let fill = Self.palette[Self.colorIndex(of: element)]
      let text = "<text x=\"\(number(x))\" y=\"\(number(y + 4))\" text-anchor=\"middle\">\(label)</text>"
      if element.count <= 2 {
        return """
          <g class="marble" \(time) data-kind="next" data-value="\(label)">\
          <circle cx="\(number(x))" cy="\(number(y))" r="\(number(Self.radius))" fill="\(fill)"/>\(text)</g>
          """
      }
      let width = Double(element.count) * 7.6 + 10
      return """
        <g class="marble" \(time) data-kind="next" data-value="\(label)">\
        <rect x="\(number(x - width / 2))" y="\(number(y - Self.radius))" width="\(number(width))" \
        height="\(number(Self.radius * 2))" rx="\(number(Self.radius))" fill="\(fill)"/>\(text)</g>
        """
    case .completed:
      return """
        <g class="completed" \(time) data-kind="completed">\
        <line x1="\(number(x))" y1="\(number(y - 13))" x2="\(number(x))" y2="\(number(y + 13))"/></g>
        """
    case .error(let error):
      let d = 8.0
      return """
        <g class="error" \(time) data-kind="error" data-value="\(escape(String(describing: error)))">\
        <line x1="\(number(x - d))" y1="\(number(y - d))" x2="\(number(x + d))" y2="\(number(y + d))"/>\
        <line x1="\(number(x - d))" y1="\(number(y + d))" x2="\(number(x + d))" y2="\(number(y - d))"/></g>
        """
    }
  }

  func box(y: Double) -> String {
    let left = Self.margin + labelWidth
    let right = width - Self.margin
    return """
      <g class="box"><rect x="\(number(left))" y="\(number(y))" width="\(number(right - left))" \
      height="\(number(Self.boxHeight))" rx="6"/>\
      <text x="\(number((left + right) / 2))" y="\(number(y + Self.boxHeight / 2 + 5))" \
      text-anchor="middle">\(escape(diagram.caption))</text></g>
      """
  }

  /// A stable colour for an element's text: the same in every run and every process (unlike
  /// `Hasher`, which is seeded per process).
  static func colorIndex(of text: String) -> Int {
    let sum = text.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
    return sum % palette.count
  }

  func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

extension Event {
  fileprivate var isNext: Bool {
    if case .next = self { return true }
    return false
  }
}
