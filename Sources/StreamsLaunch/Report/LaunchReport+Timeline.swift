import Foundation

extension LaunchReport {
  /// The report drawn as an SVG timeline: a row per lane and slot (as in ``chromeTraceJSON()``), a
  /// bar per attempt coloured by its outcome, and an arrow from each dependency to its dependent.
  ///
  /// The picture is self-contained (no fonts or scripts to load) and deterministic for a given
  /// report, so a report taken in virtual time draws the same picture every time. Save it next to
  /// your documentation, or open it in a browser.
  public func timelineSVG() -> String {
    let layout = TraceTracks(self)
    let labelWidth = 110.0, plotWidth = 640.0, rowHeight = 30.0, top = 34.0, margin = 12.0
    let scale = plotWidth / (layout.span > 0 ? layout.span : 1)
    let rows = Dictionary(uniqueKeysWithValues: layout.tracks.enumerated().map { ($0.element.id, Double($0.offset)) })
    let height = top + rowHeight * Double(layout.tracks.count) + 26
    let width = labelWidth + plotWidth + 2 * margin + 24  // room for the last tick's label
    func x(_ seconds: TimeInterval) -> Double { labelWidth + margin + seconds * scale }
    func y(_ track: Int) -> Double { top + rowHeight * (rows[track] ?? 0) }

    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
      viewBox="0 0 \(format(width)) \(format(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
      <style>.ok{fill:#66bb6a}.failed{fill:#ef5350}.cancelled{fill:#bdbdbd}.running{fill:#42a5f5}\
      .dependency{stroke:#455a64;stroke-width:1.2;marker-end:url(#arrow)}.track{fill:#37474f}.axis{fill:#78909c}</style>
      <defs><marker id="arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="6" markerHeight="6" \
      orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#455a64"/></marker></defs>
      <rect width="100%" height="100%" fill="white"/>
      <text x="\(format(margin))" y="18" font-size="13" font-weight="bold">\(escape(title))</text>

      """
    for track in layout.tracks {
      let rowY = y(track.id)
      svg += "<text class=\"track\" x=\"\(format(margin))\" y=\"\(format(rowY + 19))\">\(escape(track.name))</text>\n"
      svg += "<line x1=\"\(format(x(0)))\" y1=\"\(format(rowY + rowHeight - 2))\" x2=\"\(format(x(layout.span)))\" "
      svg += "y2=\"\(format(rowY + rowHeight - 2))\" stroke=\"#eceff1\"/>\n"
    }
    for tick in 0...4 {
      let seconds = layout.span * Double(tick) / 4
      let tickY = top + rowHeight * Double(layout.tracks.count) + 16
      svg += "<text class=\"axis\" x=\"\(format(x(seconds)))\" y=\"\(format(tickY))\" text-anchor=\"middle\">"
      svg += "\(formatMilliseconds(seconds))</text>\n"
    }
    for slice in layout.slices {
      let name = slice.run.attempt == 1 ? slice.entry.task.name : "\(slice.entry.task.name) #\(slice.run.attempt)"
      let barWidth = Swift.max(2, (slice.end - slice.start) * scale)
      svg += "<rect class=\"attempt \(kind(slice.run.outcome))\" x=\"\(format(x(slice.start)))\" "
      svg +=
        "y=\"\(format(y(slice.track) + 4))\" width=\"\(format(barWidth))\" height=\"\(format(rowHeight - 10))\" rx=\"3\">"
      svg +=
        "<title>\(escape("\(name): \(slice.run.outcome), \(formatMilliseconds(slice.end - slice.start))"))</title></rect>\n"
      svg += "<text x=\"\(format(x(slice.start) + 3))\" y=\"\(format(y(slice.track) + 18))\">\(escape(name))</text>\n"
    }
    for flow in layout.flows {
      svg += "<line class=\"dependency\" x1=\"\(format(x(flow.from.end)))\" y1=\"\(format(y(flow.from.track) + 14))\" "
      svg += "x2=\"\(format(x(flow.to.start)))\" y2=\"\(format(y(flow.to.track) + 14))\"/>\n"
    }
    return svg + "</svg>\n"
  }

  /// The picture's title: how the launch ended and how long it took.
  private var title: String {
    String(table.prefix { $0 != "\n" })
  }

  private func kind(_ outcome: Outcome) -> String {
    switch outcome {
    case .succeeded: return "ok"
    case .failed: return "failed"
    case .cancelled, .skipped: return "cancelled"
    case .running, .waiting: return "running"
    }
  }

  private func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
