/// The errors Streams itself raises. Each case says what happened and what to do.
public enum StreamsError: Swift.Error, Equatable, CustomStringConvertible {
  /// A subject (or other object) was used after `dispose()`.
  case disposed(object: String)
  /// A sequence that had to produce an element completed without one.
  case noElements
  /// A sequence that had to produce one element produced more.
  case moreThanOneElement
  /// A timeout elapsed before the sequence produced an element.
  case timeout
  /// An argument was outside its allowed range.
  case argumentOutOfRange(String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .disposed(let object):
      return "\(object) was used after it was disposed; create a new one instead."
    case .noElements:
      return "The sequence completed without an element; use a Maybe, or supply a default."
    case .moreThanOneElement:
      return "The sequence produced more than one element where exactly one was expected."
    case .timeout:
      return "The sequence timed out before producing an element."
    case .argumentOutOfRange(let detail):
      return "Argument out of range: \(detail)."
    }
  }
}
