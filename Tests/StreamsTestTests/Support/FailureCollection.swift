import StreamsTest

/// Collects the failures StreamsTest reports while `body` runs, instead of failing the test.
func collectFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
  let log = ValueLog<TestFailure>()
  try TestFailureReporter.$handler.withValue({ log.append($0) }, operation: body)
  return log.entries
}

/// An error of another type whose description can equal a `TestError`'s.
struct OtherError: Error, CustomStringConvertible {
  let name: String
  var description: String { name }
}

/// The `async` form of ``collectFailures(_:)``.
func collectFailures(_ body: () async throws -> Void) async rethrows -> [TestFailure] {
  let log = ValueLog<TestFailure>()
  try await TestFailureReporter.$handler.withValue({ log.append($0) }, operation: body)
  return log.entries
}
