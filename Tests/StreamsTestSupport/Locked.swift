import Foundation

/// A value shared between threads and tasks, behind a lock (also for non-Sendable values that are
/// handed over at a known synchronization point).
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  /// A box holding `value`.
  public init(_ value: Value) {
    stored = value
  }

  /// Runs `body` with exclusive access to the value.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }

  /// A copy of the value; setting it replaces the value.
  public var value: Value {
    get { withLock { $0 } }
    set { withLock { $0 = newValue } }
  }
}
