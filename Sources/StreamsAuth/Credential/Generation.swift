/// The version of a session's credential: bumped on every change (refresh, sign-in, sign-out).
///
/// The session remembers the access tokens of its last few generations, so a request that failed
/// authentication names its generation by the token it carried: a failure for generation G waits
/// for G's refresh outcome (compare-and-refresh), so a 401 for a credential that was already
/// replaced retries at once and starts no second refresh.
struct Generation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The generation number; 0 before any credential.
  let rawValue: UInt64

  init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The generation after this one.
  var next: Generation { Generation(rawValue &+ 1) }

  static func < (lhs: Generation, rhs: Generation) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `g<number>`.
  var description: String { "g\(rawValue)" }
}

/// A credential together with its ``Generation``: what a caller of the session receives.
struct VersionedCredential: Sendable, Hashable, CustomStringConvertible {
  let credential: Credential
  let generation: Generation

  /// The credential's (redacted) description and the generation.
  var description: String { "\(credential) @\(generation)" }
}
