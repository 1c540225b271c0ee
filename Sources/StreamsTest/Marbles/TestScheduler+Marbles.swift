import Streams

extension TestScheduler {
  /// Creates a hot observable from a marble diagram.
  ///
  /// The character at `^` (or the first character, when there is no `^`) is at `startTime`, 200 by
  /// default: the subscribe time of ``start(fileID:filePath:line:_:)``. Characters left of `^` happen earlier. See
  /// ``Marbles`` for the syntax and ``createHotObservable(_:fileID:filePath:line:column:)`` for how
  /// a hot observable behaves.
  ///
  /// ```swift
  /// let xs = try scheduler.createHotObservable("-a-^-b-|", values: ["a": 1, "b": 2])
  /// // .next(180, 1), .next(220, 2), .completed(240)
  /// ```
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
  public func createHotObservable<Element>(
    _ diagram: String, values: [Character: Element], errors: [Character: any Swift.Error] = [:],
    frameDuration: TestTime = 10, startTime: TestTime = Defaults.subscribed,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> TestableObservable<Element> {
    let events = try MarbleParser(diagram: diagram, values: values, errors: errors, valuesFromSymbols: nil)
      .parse(frameDuration: frameDuration, startTime: startTime, allowsSubscriptionMarker: true)
    return createHotObservable(events, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Creates a hot observable of one-character strings from a marble diagram: `a` is `.next("a")`.
  ///
  /// See ``createHotObservable(_:values:errors:frameDuration:startTime:fileID:filePath:line:column:)``.
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
  public func createHotObservable(
    _ diagram: String, errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10,
    startTime: TestTime = Defaults.subscribed,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> TestableObservable<String> {
    let events = try MarbleParser(diagram: diagram, values: [:], errors: errors, valuesFromSymbols: Marbles.stringValue)
      .parse(frameDuration: frameDuration, startTime: startTime, allowsSubscriptionMarker: true)
    return createHotObservable(events, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Creates a cold observable from a marble diagram; the first character is at each subscribe time.
  ///
  /// `^` is not allowed: a cold observable's time starts at each subscription. See ``Marbles`` for
  /// the syntax and ``createColdObservable(_:fileID:filePath:line:column:)`` for how a cold
  /// observable behaves.
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
  public func createColdObservable<Element>(
    _ diagram: String, values: [Character: Element], errors: [Character: any Swift.Error] = [:],
    frameDuration: TestTime = 10,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> TestableObservable<Element> {
    let events = try MarbleParser(diagram: diagram, values: values, errors: errors, valuesFromSymbols: nil)
      .parse(frameDuration: frameDuration, startTime: 0, allowsSubscriptionMarker: false)
    return createColdObservable(events, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Creates a cold observable of one-character strings from a marble diagram: `a` is `.next("a")`.
  ///
  /// See ``createColdObservable(_:values:errors:frameDuration:fileID:filePath:line:column:)``.
  /// - Throws: ``MarbleSyntaxError`` for a malformed diagram.
  public func createColdObservable(
    _ diagram: String, errors: [Character: any Swift.Error] = [:], frameDuration: TestTime = 10,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> TestableObservable<String> {
    let events = try MarbleParser(diagram: diagram, values: [:], errors: errors, valuesFromSymbols: Marbles.stringValue)
      .parse(frameDuration: frameDuration, startTime: 0, allowsSubscriptionMarker: false)
    return createColdObservable(events, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
