/// What an enqueue does when a task with the same ``LaunchKey`` is already waiting to start.
///
/// A struct rather than an enum so that policies can be added without breaking your code.
public struct LaunchDuplicatePolicy: Hashable, Sendable, CustomStringConvertible {
  enum Kind: Hashable, Sendable {
    case keepExisting
    case replaceExisting
  }

  let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The waiting task stays where it is; the new one is dropped and reported as
  /// ``LaunchEvent/skipped(_:reason:)`` with ``LaunchSkipReason/duplicate(of:)``.
  ///
  /// Use it for work that only needs to happen once, such as refreshing the user's information.
  public static let keepExisting = LaunchDuplicatePolicy(.keepExisting)

  /// The waiting task is dropped (reported with ``LaunchSkipReason/replaced(by:)``) and the new one
  /// is queued in its place, behind every waiting task of the same rank.
  ///
  /// Use it when the newest request carries the newest data, such as the most recent URL opened.
  public static let replaceExisting = LaunchDuplicatePolicy(.replaceExisting)

  /// `keepExisting` or `replaceExisting`.
  public var description: String {
    switch kind {
    case .keepExisting: return "keepExisting"
    case .replaceExisting: return "replaceExisting"
    }
  }
}
