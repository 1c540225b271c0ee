/// A thread-safe, ordered list of values, for asserting what happened and in which order.
public final class ValueLog<Value>: @unchecked Sendable {
  private let stored = Locked<[Value]>([])

  /// An empty log.
  public init() {}

  /// Adds `value` at the end.
  public func append(_ value: Value) {
    stored.withLock { $0.append(value) }
  }

  /// Everything logged so far, in order.
  public var entries: [Value] { stored.value }
}

/// A log of labelled steps, for asserting orders of side effects: `log("subscribed")`, then
/// `log.entries == ["subscribed", …]`.
public typealias Log = ValueLog<String>

extension ValueLog where Value == String {
  /// Logs `line`.
  public func callAsFunction(_ line: String) {
    append(line)
  }
}
