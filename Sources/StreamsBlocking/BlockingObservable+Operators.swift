import Streams

/// How a sequence ended, with the elements it produced before that; the result of
/// ``BlockingObservable/materialize()``.
@frozen public enum MaterializedSequenceResult<T> {
  /// The sequence completed after producing `elements`.
  case completed(elements: [T])
  /// The sequence failed with `error` after producing `elements` (a timeout counts as a failure).
  case failed(elements: [T], error: Error)
}

extension BlockingObservable {
  /// Blocks until the sequence ends and returns all its elements.
  ///
  /// - Throws: The sequence's error, or `StreamsError.timeout`.
  public func toArray() throws -> [Element] {
    try collect().elementsOrThrow()
  }

  /// Blocks until the sequence produces its first element, then disposes the subscription and
  /// returns it; `nil` if the sequence completes empty.
  ///
  /// - Throws: The sequence's error if it fails first, or `StreamsError.timeout`.
  public func first() throws -> Element? {
    try collect(max: 1).elementsOrThrow().first
  }

  /// Blocks until the sequence ends and returns its last element; `nil` if it completes empty.
  ///
  /// - Throws: The sequence's error, or `StreamsError.timeout`.
  public func last() throws -> Element? {
    try collect().elementsOrThrow().last
  }

  /// Blocks until the sequence ends and returns its only element.
  ///
  /// Stops (and disposes the subscription) at a second element.
  /// - Throws: `StreamsError.noElements` for an empty sequence, `StreamsError.moreThanOneElement`
  ///   for a second element, the sequence's error, or `StreamsError.timeout`.
  public func single() throws -> Element {
    try single { _ in true }
  }

  /// Blocks until the sequence ends and returns its only element that satisfies `predicate`.
  ///
  /// Stops (and disposes the subscription) at a second matching element or a throwing
  /// `predicate`; `predicate` sees no element after that, even from a source that ignores disposal.
  /// - Throws: `StreamsError.noElements` if no element matches, `StreamsError.moreThanOneElement`
  ///   for a second match, an error `predicate` throws, the sequence's error, or
  ///   `StreamsError.timeout`.
  public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
    let elements = try collect(max: 2, where: predicate).elementsOrThrow()
    if elements.count > 1 { throw StreamsError.moreThanOneElement }
    guard let element = elements.first else { throw StreamsError.noElements }
    return element
  }

  /// Blocks until the sequence ends and returns how it ended, with all its elements; never throws.
  ///
  /// A timeout is returned as `.failed(elements:error:)` with `StreamsError.timeout`.
  public func materialize() -> MaterializedSequenceResult<Element> {
    collect()
  }
}

extension MaterializedSequenceResult {
  /// The elements of a completed sequence; throws the error of a failed one.
  func elementsOrThrow() throws -> [T] {
    switch self {
    case .completed(let elements): return elements
    case .failed(_, let error): throw error
    }
  }
}
