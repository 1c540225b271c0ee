import Streams

#if canImport(Darwin)
  import Foundation
#endif

/// Event equality for tests: the same case with equal elements, or errors that look the same.
///
/// Two `.error` events are equal when `String(describing:)` of their errors match; on Apple
/// platforms their `NSError` domain and code must match as well. This makes errors without an
/// `Equatable` conformance usable in expected event lists, at the price that two different errors
/// with the same description compare equal.
extension Event: Equatable where Element: Equatable {
  /// Whether `lhs` and `rhs` are the same kind of event with equal elements or matching errors.
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let left), .next(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

/// `Maybe` outcome equality for tests, with the error matching of `Event`'s.
extension MaybeEvent: Equatable where Element: Equatable {
  /// Whether `lhs` and `rhs` are the same outcome with equal elements or matching errors.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    lhs.event == rhs.event
  }

  /// The event that carries this outcome: a success is its element's `.next`.
  private var event: Event<Element> {
    switch self {
    case .success(let element): .next(element)
    case .completed: .completed
    case .error(let error): .error(error)
    }
  }
}

/// `Completable` outcome equality for tests, with the error matching of `Event`'s.
extension CompletableEvent: Equatable {
  /// Whether `lhs` and `rhs` are both `.completed`, or both errors that match.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsMatch(left, right)
    default: return false
    }
  }
}

/// Whether two `Single` outcomes are equal in tests: equal successes, or errors that match.
///
/// `SingleEvent` is `Result<Element, Error>`, which cannot be `Equatable`; the `XCTAssertEqual`
/// overload for `[SingleEvent<Element>]` compares with this.
func singleEventsMatch<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
  switch (lhs, rhs) {
  case (.success(let left), .success(let right)): return left == right
  case (.failure(let left), .failure(let right)): return errorsMatch(left, right)
  default: return false
  }
}

/// Whether two errors count as equal in recorded events.
func errorsMatch(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
  #if canImport(Darwin)
    let left = lhs as NSError
    let right = rhs as NSError
    guard left.domain == right.domain, left.code == right.code else { return false }
  #endif
  return String(describing: lhs) == String(describing: rhs)
}
