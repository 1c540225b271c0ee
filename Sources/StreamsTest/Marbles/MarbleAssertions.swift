import Streams

extension Marbles {
  /// Compares recorded events with a marble diagram; returns `nil` when they match, otherwise a
  /// readable description of the difference.
  ///
  /// The description shows both sides drawn as diagrams, aligned, with a caret at the first
  /// difference, followed by both event lists side by side with differing rows marked `✗`. A
  /// malformed diagram is a mismatch too, described by its ``MarbleSyntaxError``. Use this to
  /// build an assertion for any test framework;
  /// ``assertMarbles(_:_:values:errors:frameDuration:startTime:fileID:filePath:line:column:)``
  /// reports it for you.
  ///
  /// - Parameters:
  ///   - events: The recorded events, usually a ``TestableObserver``'s `events`.
  ///   - diagram: The expected events; see ``Marbles`` for the syntax.
  ///   - values: The element for each value character of `diagram`.
  ///   - errors: The error for each error character; `#` defaults to ``MarbleError``.
  ///   - frameDuration: Ticks per character.
  ///   - startTime: The time of the diagram's first character (or of its `^`); 200 by default,
  ///     the subscribe time of ``TestScheduler/start(fileID:filePath:line:_:)``.
  public static func mismatch<Element: Equatable>(
    _ events: [Recorded<Event<Element>>], _ diagram: String, values: [Character: Element],
    errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10, startTime: TestTime = 200
  ) -> String? {
    let expected: [Recorded<Event<Element>>]
    do {
      expected = try parse(diagram, values: values, errors: errors, frameDuration: frameDuration, startTime: startTime)
    } catch {
      return "The expected diagram cannot be read. \(error)"
    }
    return describeMismatch(
      expected: expected, actual: events, symbols: MarbleSymbols(values: values, errors: errors),
      frameDuration: frameDuration, startTime: startTime)
  }

  /// Compares recorded events of one-character strings with a marble diagram; returns `nil` when
  /// they match, otherwise a readable description of the difference.
  ///
  /// See ``mismatch(_:_:values:errors:frameDuration:startTime:)``.
  public static func mismatch(
    _ events: [Recorded<Event<String>>], _ diagram: String, errors: [Character: any Swift.Error] = [:],
    frameDuration: TestTime = 10, startTime: TestTime = 200
  ) -> String? {
    let expected: [Recorded<Event<String>>]
    do {
      expected = try parse(diagram, errors: errors, frameDuration: frameDuration, startTime: startTime)
    } catch {
      return "The expected diagram cannot be read. \(error)"
    }
    return describeMismatch(
      expected: expected, actual: events,
      symbols: MarbleSymbols<String>(values: [:], errors: errors, symbolsAreValues: true),
      frameDuration: frameDuration, startTime: startTime)
  }

  static func describeMismatch<Element: Equatable>(
    expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>], symbols: MarbleSymbols<Element>,
    frameDuration: TestTime, startTime: TestTime
  ) -> String? {
    guard expected != actual else { return nil }
    let expectedDrawing = MarbleRendering(
      expected, symbol: symbols.symbol, frameDuration: frameDuration, startTime: startTime)
    let actualDrawing = MarbleRendering(
      actual, symbol: symbols.symbol, frameDuration: frameDuration, startTime: startTime)

    var lines = [
      "Recorded events do not match the marble diagram (\(frameDuration) ticks per frame from \(startTime))."
    ]
    lines.append("  expected: \(expectedDrawing.text)")
    lines.append("  actual:   \(actualDrawing.text)")

    let index =
      zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
    let times = [index < expected.count ? expected[index].time : nil, index < actual.count ? actual[index].time : nil]
    if let time = times.compactMap({ $0 }).min() {
      if let column = expectedDrawing.columns[time] ?? actualDrawing.columns[time] {
        lines.append(String(repeating: " ", count: 12 + column) + "^ first difference at time \(time)")
      } else {
        lines.append("  first difference at time \(time)")
      }
    }
    let undrawn = Set(expectedDrawing.undrawnTimes + actualDrawing.undrawnTimes).sorted()
    if !undrawn.isEmpty {
      lines.append(
        "  (events at \(undrawn.map(String.init).joined(separator: ", ")) are off the frame grid and not drawn)")
    }
    if expectedDrawing.shifted || actualDrawing.shifted {
      lines.append("  (events too close together for their group's width are drawn shifted right)")
    }

    lines.append("")
    lines.append(contentsOf: eventTable(expected: expected, actual: actual))
    return lines.joined(separator: "\n")
  }

  /// Both event lists side by side, one row per index, differing rows marked with `✗`.
  private static func eventTable<Element: Equatable>(
    expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>]
  ) -> [String] {
    let count = max(expected.count, actual.count)
    let left = (0..<count).map { $0 < expected.count ? expected[$0].debugDescription : "—" }
    let right = (0..<count).map { $0 < actual.count ? actual[$0].debugDescription : "—" }
    let indexWidth = String(max(count - 1, 0)).count
    let leftWidth = max("expected".count, left.map(\.count).max() ?? 0)
    func pad(_ text: String, _ width: Int) -> String {
      text + String(repeating: " ", count: max(width - text.count, 0))
    }
    var rows = ["  " + pad("", indexWidth) + "  " + pad("expected", leftWidth) + "   actual"]
    for row in 0..<count {
      let differs = row >= expected.count || row >= actual.count || expected[row] != actual[row]
      let marker = differs ? "✗ " : "  "
      rows.append(marker + pad(String(row), indexWidth) + "  " + pad(left[row], leftWidth) + "   " + right[row])
    }
    return rows
  }
}

/// Checks that recorded events match a marble diagram, and reports a test failure with an aligned
/// diff if they do not.
///
/// The failure goes to ``TestFailureReporter``: Swift Testing's `Issue.record` inside a Swift
/// Testing test, `XCTFail` in XCTest. See
/// ``Marbles/mismatch(_:_:values:errors:frameDuration:startTime:)`` for the comparison and the
/// parameters.
///
/// ```swift
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// assertMarbles(res.events, "--a--b--|", values: ["a": 10, "b": 20])
/// ```
public func assertMarbles<Element: Equatable>(
  _ events: [Recorded<Event<Element>>], _ diagram: String, values: [Character: Element],
  errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10, startTime: TestTime = 200,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  guard
    let message = Marbles.mismatch(
      events, diagram, values: values, errors: errors, frameDuration: frameDuration, startTime: startTime)
  else { return }
  TestFailureReporter.report(TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Checks that recorded events of one-character strings match a marble diagram, and reports a test
/// failure with an aligned diff if they do not.
///
/// Each letter or digit of the diagram stands for itself as a `String`. See
/// ``assertMarbles(_:_:values:errors:frameDuration:startTime:fileID:filePath:line:column:)``.
public func assertMarbles(
  _ events: [Recorded<Event<String>>], _ diagram: String, errors: [Character: any Swift.Error] = [:],
  frameDuration: TestTime = 10, startTime: TestTime = 200,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  guard
    let message = Marbles.mismatch(
      events, diagram, errors: errors, frameDuration: frameDuration, startTime: startTime)
  else { return }
  TestFailureReporter.report(TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column))
}
