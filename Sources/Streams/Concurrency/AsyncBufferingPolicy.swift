/// How an iterator of ``AsyncObservableSequence`` stores the elements that arrive while its
/// consumer is busy.
///
/// StreamsAdapters' `events(of:bufferingPolicy:_:)` takes the same policies for the elements a
/// callback or delegate SDK sends; there, `failOnOverflow` ends the stream with the adapters' own
/// overflow error.
///
/// An observable sequence pushes: `onNext` is synchronous and cannot wait for the consumer. Each
/// iterator therefore keeps its own buffer, and the policy decides what happens when elements
/// arrive faster than the loop takes them. A consumer that is already waiting in `next()` receives
/// an element directly, whatever the policy; the policy only governs elements that arrive while the
/// loop body runs.
///
/// | Policy | Keeps | When full |
/// |---|---|---|
/// | ``unbounded`` | everything | never full: memory grows with the backlog |
/// | ``bufferingNewest(_:)`` | the latest `n` | drops the oldest buffered element |
/// | ``bufferingOldest(_:)`` | the first `n` | drops the element that arrives |
/// | ``failOnOverflow(_:)`` | the first `n` | disposes the subscription; the loop receives the `n` elements, then throws ``AsyncBridgeError/bufferOverflow(limit:)`` |
///
/// A negative limit counts as `0`: with `bufferingNewest(0)` or `bufferingOldest(0)` only a
/// consumer that is already waiting receives an element; with `failOnOverflow(0)` any element
/// that arrives while the consumer is busy ends the sequence with the overflow error.
///
/// ```swift
/// // UI state: only the latest value matters.
/// for try await temperature in sensor.values(bufferingPolicy: .bufferingNewest(1)) {
///   await show(temperature)
/// }
/// ```
public enum AsyncBufferingPolicy: Sendable, Hashable {
  /// Keeps every element; nothing is lost. The default, and the Rx contract: every `onNext`
  /// reaches the loop, in order.
  case unbounded
  /// Keeps at most the given number of the most recent elements; older ones are dropped.
  case bufferingNewest(Int)
  /// Keeps at most the given number of elements; elements that arrive while it is full are dropped.
  case bufferingOldest(Int)
  /// Keeps at most the given number of elements; one more ends the sequence with
  /// ``AsyncBridgeError/bufferOverflow(limit:)``, after the buffered elements.
  case failOnOverflow(Int)

  /// The same policy with a negative limit replaced by `0`.
  @usableFromInline
  var normalized: AsyncBufferingPolicy {
    switch self {
    case .unbounded: return .unbounded
    case .bufferingNewest(let limit): return .bufferingNewest(Swift.max(0, limit))
    case .bufferingOldest(let limit): return .bufferingOldest(Swift.max(0, limit))
    case .failOnOverflow(let limit): return .failOnOverflow(Swift.max(0, limit))
    }
  }
}
