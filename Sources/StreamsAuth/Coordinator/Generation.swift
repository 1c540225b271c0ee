/// The version of a session's credential: bumped on every change (refresh, sign-in, sign-out).
///
/// A request remembers the generation it was authorized with; a 401 for an older generation
/// means the credential was already replaced, so the request is retried with the current one and
/// no refresh starts (compare-and-refresh).
public struct Generation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The generation number; 0 before any credential.
  public let rawValue: UInt64

  /// Creates a generation from its number.
  public init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The generation after this one.
  var next: Generation { Generation(rawValue &+ 1) }

  /// Whether `lhs` is older than `rhs`.
  public static func < (lhs: Generation, rhs: Generation) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `g<number>`.
  public var description: String { "g\(rawValue)" }
}
