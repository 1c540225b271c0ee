/// When a test observable was subscribed to and, if it was, when that subscription was disposed.
///
/// A subscription that is still active has ``unsubscribe`` equal to `Int.max`. Compare the
/// ``TestableObservable/subscriptions`` of a source with expected values to check that an operator
/// subscribes and disposes its upstream at the right times:
///
/// ```swift
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
public struct Subscription: Hashable, Sendable {
  /// The virtual time of the subscribe call.
  public let subscribe: TestTime

  /// The virtual time of the dispose call, or `Int.max` while still subscribed.
  public let unsubscribe: TestTime

  /// A subscription made at `subscribe` and not disposed.
  public init(_ subscribe: TestTime) {
    self.init(subscribe, Int.max)
  }

  /// A subscription made at `subscribe` and disposed at `unsubscribe`.
  public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// Whether the subscription has not been disposed (``unsubscribe`` is `Int.max`).
  public var isActive: Bool { unsubscribe == Int.max }
}

extension Subscription: CustomStringConvertible, CustomDebugStringConvertible {
  /// `(200 : 1000)` for a disposed subscription, `(200 : ∞)` for an active one.
  public var description: String {
    "(\(subscribe) : \(isActive ? "∞" : String(unsubscribe)))"
  }

  /// Same as ``description``.
  public var debugDescription: String { description }
}
