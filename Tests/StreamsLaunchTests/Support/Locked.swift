import Foundation

/// A value shared between threads in tests, behind an `NSLock`.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value.
  var current: Value { withLock { $0 } }
}

/// A thread-safe list of labelled steps, for asserting orders of side effects.
final class Log: @unchecked Sendable {
  private let lines = Locked<[String]>([])

  func callAsFunction(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  var entries: [String] { lines.current }
}

/// An object whose lifetime a test tracks with a weak reference.
final class Tracked: @unchecked Sendable {}

/// An error thrown by test tasks.
struct TestError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String = "boom") {
    self.message = message
  }

  var description: String { message }
}
