import Streams

/// A point on a ``TestScheduler``'s virtual clock, in ticks.
///
/// Ticks have no unit of their own; the scheduler's `resolution` says how many seconds one tick is
/// when operators ask for real time intervals.
public typealias TestTime = Int

/// A value together with the virtual time at which it happened.
///
/// Test schedulers produce `Recorded<Event<Element>>` values when a ``TestableObserver`` receives
/// events, and take them as input when creating hot and cold test observables. Two recorded values
/// are equal when their times and values are equal.
///
/// ```swift
/// let expected: [Recorded<Event<Int>>] = [.next(210, 2), .completed(300)]
/// ```
public struct Recorded<Value> {
  /// The virtual time of the value.
  public let time: TestTime

  /// The recorded value; usually an `Event`.
  public let value: Value

  /// Creates a recorded value at `time`.
  public init(time: TestTime, value: Value) {
    self.time = time
    self.value = value
  }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Hashable where Value: Hashable {}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomDebugStringConvertible {
  /// A readable form such as `next(2) @ 210`.
  public var debugDescription: String {
    if let value = value as? CustomDebugStringConvertible {
      return "\(value.debugDescription) @ \(time)"
    }
    return "\(value) @ \(time)"
  }
}

extension Recorded {
  /// A `.next(element)` event recorded at `time`.
  ///
  /// Written as `.next(210, 2)` wherever a `Recorded<Event<Int>>` is expected.
  public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
  where Value == Event<Element> {
    Recorded<Event<Element>>(time: time, value: .next(element))
  }

  /// A `.completed` event recorded at `time`.
  ///
  /// Pass `type` when the element type cannot be inferred from the context.
  public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self)
    -> Recorded<Event<Element>> where Value == Event<Element>
  {
    Recorded<Event<Element>>(time: time, value: .completed)
  }

  /// An `.error(error)` event recorded at `time`.
  ///
  /// Pass `type` when the element type cannot be inferred from the context.
  public static func error<Element>(_ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self)
    -> Recorded<Event<Element>> where Value == Event<Element>
  {
    Recorded<Event<Element>>(time: time, value: .error(error))
  }

  /// Returns the given recorded events as an array, so that `Recorded.events(.next(1, 1), .completed(2))`
  /// reads like the RxTest helper.
  public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
  where Value == Event<Element> {
    recordedEvents
  }

  /// Returns `recordedEvents` unchanged; the array form of the variadic `events(_:)`.
  public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
  where Value == Event<Element> {
    recordedEvents
  }
}
