import Foundation

/// A Proof Key for Code Exchange (RFC 7636) with the `S256` method: a secret code verifier, and
/// the code challenge derived from it that the authorization request carries.
///
/// The verifier goes only to the token endpoint, with the code; the challenge goes in the
/// authorization URL. Its description and mirror never show the verifier.
public struct PKCE: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The code verifier: 43–128 characters from `A–Z a–z 0–9 - . _ ~` (RFC 7636 §4.1). Secret.
  public let verifier: String
  /// `BASE64URL(SHA256(ASCII(verifier)))` without padding (RFC 7636 §4.2).
  public let challenge: String
  /// The challenge method: always `S256` (`plain` is never sent).
  public var method: String { "S256" }

  /// A new verifier of 32 random bytes (43 characters) and its challenge.
  public init() {
    var generator = SystemRandomNumberGenerator()
    self.init(validVerifier: Self.base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
  }

  /// The challenge for a given verifier (for tests against RFC 7636's example, or a verifier kept
  /// across an app restart).
  ///
  /// - Throws: ``AuthError/invalidConfiguration(_:)`` when `verifier` is not 43–128 characters
  ///   of `A–Z a–z 0–9 - . _ ~`.
  public init(verifier: String) throws(AuthError) {
    let allowed = verifier.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        return true
      default:
        return false
      }
    }
    guard allowed, (43...128).contains(verifier.utf8.count) else {
      throw .invalidConfiguration("a PKCE code verifier is 43-128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1)")
    }
    self.init(validVerifier: verifier)
  }

  private init(validVerifier: String) {
    verifier = validVerifier
    challenge = Self.base64URL(SHA256.hash(Array(validVerifier.utf8)))
  }

  /// Base64url without padding (RFC 7636 Appendix A).
  static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The challenge and method; the verifier redacted.
  public var description: String {
    "PKCE(method: S256, challenge: \(challenge), verifier: \(Redacted.describe(verifier, showLength: true)))"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror that hides the verifier.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["method": method, "challenge": challenge, "verifier": Redacted.describe(verifier, showLength: true)],
      displayStyle: .struct)
  }
}
