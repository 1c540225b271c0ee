/// How an ``AsyncEvents`` sequence buffers elements the producer sends faster than the consumer
/// takes them.
///
/// - Note: The same four policies as the `values` bridges of Streams core; the two types are
///   expected to be unified.
public enum EventBufferingPolicy: Sendable, Equatable {
  /// Keep every element (the default): lossless, like Rx delivery. Memory grows while the
  /// consumer falls behind.
  case unbounded
  /// Keep the latest `limit` elements; a new element drops the oldest. Good for UI state and
  /// location updates, where only recent values matter.
  case bufferingNewest(Int)
  /// Keep the first `limit` elements; elements arriving while the buffer is full are dropped.
  case bufferingOldest(Int)
  /// Keep up to `limit` elements; one more ends the stream with
  /// ``AdapterError/bufferOverflow(limit:)`` after the buffered elements.
  case failOnOverflow(Int)
}
