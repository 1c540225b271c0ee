import Streams

/// Marble diagrams: a compact, visual way to write recorded events.
///
/// A diagram is read left to right, one character per frame of `frameDuration` ticks:
///
/// | Symbol | Meaning |
/// |---|---|
/// | `-` | a frame in which nothing happens |
/// | a letter, digit or other key of `values` | a `.next` with that value |
/// | `\|` | `.completed` |
/// | `#` | `.error`: the `errors` entry for `#`, or ``MarbleError`` |
/// | a key of `errors` | `.error` with that error |
/// | `(ab)` | the events inside happen in the same frame, the one of `(` |
/// | `^` | the frame at `startTime` (hot diagrams; events to its left come earlier) |
/// | space | ignored, for alignment; takes no time |
///
/// Every character except spaces takes a frame, including `(`, `)`, `^`, `|` and `#`; so in
/// `(ab)-c`, `c` is five frames after `a`. Without `^`, the first character is at `startTime`.
///
/// Without a `values` map (the `String` overloads), each letter or digit stands for itself as a
/// one-character `String`.
public enum Marbles {
  /// Reads `diagram` into recorded events, looking up values in `values`.
  ///
  /// - Parameters:
  ///   - diagram: The diagram, such as `"--a--b--|"`.
  ///   - values: The element for each value character.
  ///   - errors: The error for each error character; `#` defaults to ``MarbleError``.
  ///   - frameDuration: Ticks per character; must be positive.
  ///   - startTime: The time of `^`, or of the first character when there is no `^`.
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram or map.
  public static func parse<Element>(
    _ diagram: String, values: [Character: Element], errors: [Character: any Swift.Error] = [:],
    frameDuration: TestTime = 10, startTime: TestTime = 0
  ) throws -> [Recorded<Event<Element>>] {
    try MarbleParser(diagram: diagram, values: values, errors: errors, valuesFromSymbols: nil)
      .parse(frameDuration: frameDuration, startTime: startTime, allowsSubscriptionMarker: true)
  }

  /// Reads `diagram` into recorded events of one-character strings: `a` is `.next("a")`.
  ///
  /// See ``parse(_:values:errors:frameDuration:startTime:)`` for the parameters.
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram or map.
  public static func parse(
    _ diagram: String, errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10,
    startTime: TestTime = 0
  ) throws -> [Recorded<Event<String>>] {
    try MarbleParser(diagram: diagram, values: [:], errors: errors, valuesFromSymbols: stringValue)
      .parse(frameDuration: frameDuration, startTime: startTime, allowsSubscriptionMarker: true)
  }

  /// The one-character string a letter or digit stands for in the `String` overloads.
  static func stringValue(_ symbol: Character) -> String? {
    symbol.isLetter || symbol.isNumber ? String(symbol) : nil
  }
}

/// Reads one diagram. See ``Marbles`` for the syntax.
struct MarbleParser<Element> {
  let diagram: String
  let values: [Character: Element]
  let errors: [Character: any Swift.Error]
  /// The value of a character not in `values`, for the `String` overloads.
  let valuesFromSymbols: ((Character) -> Element?)?

  static var structuralSymbols: Set<Character> { ["-", "(", ")", "^", "|"] }

  func parse(frameDuration: TestTime, startTime: TestTime, allowsSubscriptionMarker: Bool) throws
    -> [Recorded<Event<Element>>]
  {
    guard frameDuration > 0 else { throw failure(nil, "frameDuration must be positive, not \(frameDuration).") }
    try validateMaps()

    var frame = 0
    var markerFrame: Int?
    var group: (frame: Int, offset: Int, count: Int)?
    var entries: [(frame: Int, event: Event<Element>)] = []

    for (offset, symbol) in diagram.enumerated() where !symbol.isWhitespace {
      defer { frame += 1 }
      switch symbol {
      case "-":
        if group != nil { throw failure(offset, "'-' inside a group; time cannot pass inside '(…)'.") }
      case "(":
        if group != nil { throw failure(offset, "groups cannot be nested.") }
        group = (frame, offset, 0)
      case ")":
        guard let open = group else { throw failure(offset, "')' without a matching '('.") }
        if open.count == 0 { throw failure(offset, "empty group '()'; a group needs at least one event.") }
        group = nil
      case "^":
        if !allowsSubscriptionMarker {
          throw failure(offset, "'^' marks the subscription of a hot observable and is not allowed here.")
        }
        if group != nil { throw failure(offset, "'^' inside a group.") }
        if markerFrame != nil { throw failure(offset, "more than one '^'.") }
        markerFrame = frame
      case "|":
        entries.append((group?.frame ?? frame, .completed))
        group?.count += 1
      default:
        let event = try event(for: symbol, at: offset)
        entries.append((group?.frame ?? frame, event))
        group?.count += 1
      }
    }
    if let open = group { throw failure(open.offset, "'(' is never closed.") }

    let origin = markerFrame ?? 0
    return try entries.map { entry in
      let (ticks, overflow1) = (entry.frame - origin).multipliedReportingOverflow(by: frameDuration)
      let (time, overflow2) = startTime.addingReportingOverflow(ticks)
      if overflow1 || overflow2 { throw failure(nil, "event times overflow TestTime.") }
      return Recorded(time: time, value: entry.event)
    }
  }

  private func event(for symbol: Character, at offset: Int) throws -> Event<Element> {
    if let error = errors[symbol] { return .error(error) }
    if symbol == "#" { return .error(MarbleError()) }
    if let value = values[symbol] ?? valuesFromSymbols?(symbol) { return .next(value) }
    if valuesFromSymbols != nil {
      throw failure(offset, "'\(symbol)' is not a marble symbol; use a letter or a digit for a value.")
    }
    throw failure(offset, "no value given for '\(symbol)'; add it to `values`.")
  }

  private func validateMaps() throws {
    for key in values.keys.sorted() where Self.structuralSymbols.contains(key) || key == "#" || key.isWhitespace {
      throw failure(nil, "'\(key)' cannot be a key of `values`: it already means something in a diagram.")
    }
    for key in errors.keys.sorted() where Self.structuralSymbols.contains(key) || key.isWhitespace {
      throw failure(nil, "'\(key)' cannot be a key of `errors`: it already means something in a diagram.")
    }
    for key in values.keys.sorted() where errors[key] != nil {
      throw failure(nil, "'\(key)' is a key of both `values` and `errors`.")
    }
  }

  private func failure(_ offset: Int?, _ reason: String) -> MarbleSyntaxError {
    MarbleSyntaxError(diagram: diagram, offset: offset, reason: reason)
  }
}
