/// The errors raised by the bridges between observable sequences and Swift concurrency.
public enum AsyncBridgeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An iterator created with ``AsyncBufferingPolicy/failOnOverflow(_:)`` had `limit` elements
  /// waiting for its consumer when another one arrived.
  ///
  /// The subscription was disposed at that moment. The loop received the buffered elements
  /// first, then this error.
  case bufferOverflow(limit: Int)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .bufferOverflow(let limit):
      return "An element arrived while \(limit) earlier element(s) were still waiting for the for-await loop "
        + "(buffering policy failOnOverflow(\(limit))); the subscription was disposed. Make the loop body "
        + "faster, raise the limit, or choose .unbounded (lossless), .bufferingNewest or .bufferingOldest."
    }
  }
}
