/// Identifies one enqueued task for the life of its queue.
///
/// Each call to ``LaunchQueue/enqueue(_:parameter:key:onDuplicate:)`` gets a new identifier, even
/// when it enqueues a task that already ran. Identifiers increase in the order the queue accepted
/// the calls, so comparing two of them tells which call the queue saw first.
public struct LaunchTaskID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The position of the enqueue call among all calls the queue has seen, starting at 1.
  public let rawValue: UInt64

  init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// Orders identifiers by the time the queue accepted their enqueue calls.
  public static func < (lhs: LaunchTaskID, rhs: LaunchTaskID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `#` followed by the number, as in `#3`.
  public var description: String { "#\(rawValue)" }
}
