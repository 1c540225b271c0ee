import Streams

extension Marbles {
  /// Draws recorded events as a marble diagram, looking up each element's character in `values`.
  ///
  /// Frames start at `startTime`. An element missing from `values` is drawn as `?`; an error is
  /// drawn with its key in `errors`, or `#`. Events that are not on the frame grid, or are before
  /// `startTime`, are left out of the drawing. The result is for reading, not always for parsing
  /// back: events closer together than a group's width are drawn shifted to the right.
  public static func render<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], values: [Character: Element], errors: [Character: any Swift.Error] = [:],
    frameDuration: TestTime = 10, startTime: TestTime = 200
  ) -> String {
    let symbols = MarbleSymbols(values: values, errors: errors)
    return MarbleRendering(events, symbol: symbols.symbol, frameDuration: frameDuration, startTime: startTime).text
  }

  /// Draws recorded events of one-character strings as a marble diagram.
  ///
  /// See ``render(_:values:errors:frameDuration:startTime:)``.
  public static func render(
    _ events: [Recorded<Event<String>>], errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10,
    startTime: TestTime = 200
  ) -> String {
    let symbols = MarbleSymbols<String>(values: [:], errors: errors, symbolsAreValues: true)
    return MarbleRendering(events, symbol: symbols.symbol, frameDuration: frameDuration, startTime: startTime).text
  }
}

/// Finds the diagram character for an event: the reverse of a diagram's value and error maps.
struct MarbleSymbols<Element: Equatable> {
  let values: [(key: Character, value: Element)]
  let errors: [(key: Character, value: any Swift.Error)]
  let symbolsAreValues: Bool

  init(values: [Character: Element], errors: [Character: any Swift.Error], symbolsAreValues: Bool = false) {
    self.values = values.sorted { $0.key < $1.key }
    self.errors = errors.sorted { $0.key < $1.key }
    self.symbolsAreValues = symbolsAreValues
  }

  func symbol(_ event: Event<Element>) -> Character {
    switch event {
    case .next(let element):
      if let entry = values.first(where: { $0.value == element }) { return entry.key }
      if symbolsAreValues, let string = element as? String, string.count == 1, let symbol = string.first,
        Marbles.stringValue(symbol) != nil
      {
        return symbol
      }
      return "?"
    case .error(let error):
      return errors.first(where: { errorsMatch($0.value, error) })?.key ?? "#"
    case .completed:
      return "|"
    }
  }
}

/// A drawing of recorded events, with the column of each drawn time.
struct MarbleRendering<Element> {
  /// The diagram.
  private(set) var text = ""
  /// The column of each drawn time in ``text``.
  private(set) var columns: [TestTime: Int] = [:]
  /// The times of the events that could not be drawn (off the grid, or before the start).
  private(set) var undrawnTimes: [TestTime] = []
  /// Whether some events were drawn to the right of their frame.
  private(set) var shifted = false

  init(
    _ events: [Recorded<Event<Element>>], symbol: (Event<Element>) -> Character, frameDuration: TestTime,
    startTime: TestTime
  ) {
    var frames: [(frame: Int, time: TestTime, symbols: [Character])] = []
    for recorded in events {
      let offset = recorded.time.subtractingReportingOverflow(startTime)
      guard frameDuration > 0, !offset.overflow, offset.partialValue >= 0,
        offset.partialValue % frameDuration == 0
      else {
        undrawnTimes.append(recorded.time)
        continue
      }
      let frame = offset.partialValue / frameDuration
      if let index = frames.firstIndex(where: { $0.frame == frame }) {
        frames[index].symbols.append(symbol(recorded.value))
      } else {
        frames.append((frame, recorded.time, [symbol(recorded.value)]))
      }
    }
    for entry in frames.sorted(by: { $0.frame < $1.frame }) {
      if text.count < entry.frame {
        text += String(repeating: "-", count: entry.frame - text.count)
      } else if text.count > entry.frame {
        shifted = true
      }
      columns[entry.time] = text.count
      text += entry.symbols.count == 1 ? String(entry.symbols) : "(" + String(entry.symbols) + ")"
    }
  }
}
