/// A thread-safe counter.
public final class Counter: Sendable {
  private let count = Locked(0)

  /// A counter at zero.
  public init() {}

  /// Adds `amount` (one by default).
  public func increment(by amount: Int = 1) {
    count.withLock { $0 += amount }
  }

  /// The count so far.
  public var value: Int { count.value }
}
