/// One notification in an observable sequence: a value, or the terminal error or completion.
///
/// A sequence obeys the grammar `next* (error | completed)?`: any number of `.next` events, then at
/// most one terminal event, after which nothing more is delivered.
@frozen
public enum Event<Element> {
  /// The next element of the sequence.
  case next(Element)
  /// The sequence failed; no further events follow.
  case error(Swift.Error)
  /// The sequence finished successfully; no further events follow.
  case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
  /// Whether this event ends the sequence (`.error` or `.completed`).
  @inlinable
  public var isStopEvent: Bool {
    if case .next = self { return false }
    return true
  }

  /// The element of a `.next` event, otherwise `nil`.
  @inlinable
  public var element: Element? {
    if case .next(let element) = self { return element }
    return nil
  }

  /// The error of an `.error` event, otherwise `nil`.
  @inlinable
  public var error: Swift.Error? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Whether this event is `.completed`.
  @inlinable
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// Transforms the element of a `.next` event; an error thrown by `transform` becomes `.error`.
  public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let element):
      do { return .next(try transform(element)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  /// A readable form such as `next(1)`, `error(timeout)` or `completed`.
  public var debugDescription: String {
    switch self {
    case .next(let element): return "next(\(element))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}
