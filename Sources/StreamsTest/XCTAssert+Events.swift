import Streams

/// Asserts that two lists of events are equal, RxTest style; a mismatch is reported through
/// ``TestFailureReporter`` (Swift Testing, then XCTest) with the differing positions.
///
/// Events compare as `Event`'s `==` does: equal elements, and errors with the same description
/// (and, on Apple platforms, the same `NSError` domain and code).
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Event<Element>], _ rhs: [Event<Element>], file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of `Single` outcomes are equal: equal successes, or matching errors.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, by: singleEventsMatch, file: file, line: line)
}

/// Asserts that two lists of `Maybe` outcomes are equal.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of `Completable` outcomes are equal.
public func XCTAssertEqual(
  _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of recorded events are equal: the same times and equal events.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<Event<Element>>],
  file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, file: file, line: line)
}

/// Asserts that two lists of recorded events with optional elements are equal; lets
/// `.next(210, nil)` infer its type.
public func XCTAssertEqual<Element: Equatable>(
  _ lhs: [Recorded<Event<Element?>>], _ rhs: [Recorded<Event<Element?>>],
  file: StaticString = #filePath, line: UInt = #line
) {
  assertEqualEvents(lhs, rhs, file: file, line: line)
}

/// Asserts that `stream` holds only `.next` events, with `elements` as their elements (times are
/// not compared). A `.completed` or `.error` event in `stream` is a failure.
public func XCTAssertRecordedElements<Element: Equatable>(
  _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #filePath, line: UInt = #line
) {
  if let stop = stream.first(where: { $0.value.isStopEvent }) {
    report("A stop event was recorded where only elements were expected: \(stop)", file: file, line: line)
    return
  }
  assertEqualEvents(stream.compactMap { $0.value.element }, elements, file: file, line: line)
}

/// Reports a failure listing the differing positions when `lhs` and `rhs` differ.
private func assertEqualEvents<Value: Equatable>(_ lhs: [Value], _ rhs: [Value], file: StaticString, line: UInt) {
  assertEqualEvents(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
}

/// Reports a failure listing the differing positions when `lhs` and `rhs` differ under `matches`.
private func assertEqualEvents<Value>(
  _ lhs: [Value], _ rhs: [Value], by matches: (Value, Value) -> Bool, file: StaticString, line: UInt
) {
  guard lhs.count != rhs.count || !zip(lhs, rhs).allSatisfy(matches) else { return }
  var lines = ["XCTAssertEqual failed: (\(lhs)) is not equal to (\(rhs)). Differences:"]
  for index in 0..<max(lhs.count, rhs.count) {
    let left = index < lhs.count ? lhs[index] : nil
    let right = index < rhs.count ? rhs[index] : nil
    if let left, let right, matches(left, right) { continue }
    lines.append("  lhs[\(index)]: \(left.map { "\($0)" } ?? "(none)")")
    lines.append("  rhs[\(index)]: \(right.map { "\($0)" } ?? "(none)")")
  }
  report(lines.joined(separator: "\n"), file: file, line: line)
}

private func report(_ message: String, file: StaticString, line: UInt) {
  TestFailureReporter.report(TestFailure(message, fileID: file, filePath: file, line: line, column: 1))
}
