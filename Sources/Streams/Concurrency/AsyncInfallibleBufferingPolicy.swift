/// How an iterator of ``AsyncInfallibleSequence`` stores the elements that arrive while its
/// consumer is busy.
///
/// The same policies as ``AsyncBufferingPolicy`` except `failOnOverflow`: a sequence that cannot
/// fail has no way to report an overflow.
public enum AsyncInfallibleBufferingPolicy: Sendable, Hashable {
  /// Keeps every element; nothing is lost. The default.
  case unbounded
  /// Keeps at most the given number of the most recent elements; older ones are dropped.
  case bufferingNewest(Int)
  /// Keeps at most the given number of elements; elements that arrive while it is full are dropped.
  case bufferingOldest(Int)

  /// The equivalent policy of a throwing sequence.
  @usableFromInline
  var asBufferingPolicy: AsyncBufferingPolicy {
    switch self {
    case .unbounded: return .unbounded
    case .bufferingNewest(let limit): return .bufferingNewest(limit)
    case .bufferingOldest(let limit): return .bufferingOldest(limit)
    }
  }
}
