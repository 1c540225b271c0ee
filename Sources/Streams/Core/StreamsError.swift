/// The errors Streams itself raises. Each case says what happened and what to do.
///
/// RxSwift calls this type `RxError`; ``RxError`` names it too, so `RxError.noElements` and
/// friends compile unchanged.
public enum StreamsError: Swift.Error, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
  /// Something failed for a reason Streams cannot name.
  case unknown
  /// A subject (or other object) was used after `dispose()`.
  case disposed(object: String)
  /// An arithmetic operation overflowed, such as a `range` whose last element does not fit its type.
  case overflow
  /// An argument was outside its allowed range, such as an index past the end of a sequence.
  case argumentOutOfRange
  /// A sequence that had to produce an element completed without one.
  case noElements
  /// A sequence that had to produce one element produced more.
  case moreThanOneElement
  /// A timeout elapsed before the sequence produced an element.
  case timeout

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .unknown:
      return "An unknown error occurred."
    case .disposed(let object):
      return "\(object) was used after it was disposed; create a new one instead."
    case .overflow:
      return "An arithmetic overflow occurred; use a smaller count or a wider integer type."
    case .argumentOutOfRange:
      return "An argument was out of range (a negative count, or an index past the end of the sequence)."
    case .noElements:
      return "The sequence completed without an element; use a Maybe, or supply a default."
    case .moreThanOneElement:
      return "The sequence produced more than one element where exactly one was expected."
    case .timeout:
      return "The sequence timed out before producing an element."
    }
  }

  /// The same as ``description``.
  public var debugDescription: String { description }
}

/// RxSwift's name for ``StreamsError``: `RxError.noElements`, `RxError.argumentOutOfRange` and
/// the other cases compile unchanged. `disposed(object:)` carries the object's type name rather
/// than the object.
public typealias RxError = StreamsError
