import Foundation
import StreamsTest

/// Collects the failures StreamsTest reports while `body` runs, instead of failing the test.
func collectFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
  let log = FailureLog()
  try TestFailureReporter.$handler.withValue({ log.append($0) }, operation: body)
  return log.failures
}

final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [TestFailure] = []

  var failures: [TestFailure] { lock.locked { stored } }

  func append(_ failure: TestFailure) {
    lock.locked { stored.append(failure) }
  }
}

/// An error that is not `Equatable`, to check that event equality compares descriptions.
struct TestError: Error, CustomStringConvertible {
  let name: String
  init(_ name: String = "test error") { self.name = name }
  var description: String { name }
}

/// A second error type whose description can equal a `TestError`'s.
struct OtherError: Error, CustomStringConvertible {
  let name: String
  var description: String { name }
}

extension NSLock {
  /// Runs `body` with the lock held (Foundation's `withLock` needs macOS 14 / iOS 17).
  func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A thread-safe list, for recording from scheduled work.
final class Log<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []

  var values: [Value] { lock.locked { stored } }

  func append(_ value: Value) {
    lock.locked { stored.append(value) }
  }
}
