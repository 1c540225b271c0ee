import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An OAuth 2.0 credential: an access token, the refresh token that renews it, and when it expires.
///
/// `description`, `debugDescription` and every log line of StreamsAuth redact both tokens, so a
/// credential can be printed, logged or put in an error report safely:
///
/// ```swift
/// let credential = Credential(accessToken: "access-123", refreshToken: "refresh-456", expiresAt: nil)
/// print(credential)
/// // Prints: Credential(accessToken: <redacted, 10 characters>, refreshToken: <redacted>, tokenType: Bearer)
/// ```
public struct Credential: Sendable, Hashable, Codable {
  /// The access token sent as `Authorization: Bearer <accessToken>`.
  public var accessToken: String
  /// The refresh token, or `nil` when the server issued none (the credential cannot be renewed).
  public var refreshToken: String?
  /// The token type; StreamsAuth sends only `Bearer` tokens.
  public var tokenType: String
  /// When the access token expires (absolute, computed from `expires_in` when the response
  /// arrived), or `nil` when unknown.
  public var expiresAt: Date?
  /// The scope granted, as sent by the server, if any.
  public var scope: String?
  /// The user the credential belongs to, if known (the token response does not carry it; set it
  /// at sign-in).
  public var userID: String?
  /// When the token response arrived, if known: with ``expiresAt`` it gives the lifetime the
  /// token was issued with, which caps the proactive-refresh leeway (``RefreshPolicy/leeway(for:)``).
  public var issuedAt: Date?

  /// Creates a credential.
  ///
  /// - Parameters:
  ///   - accessToken: The access token.
  ///   - refreshToken: The refresh token, if any.
  ///   - tokenType: The token type; `Bearer` by default.
  ///   - expiresAt: When the access token expires, if known.
  ///   - scope: The granted scope, if any.
  ///   - userID: The user the credential belongs to, if known.
  ///   - issuedAt: When the token response arrived, if known.
  public init(
    accessToken: String, refreshToken: String?, tokenType: String = "Bearer", expiresAt: Date?,
    scope: String? = nil, userID: String? = nil, issuedAt: Date? = nil
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.tokenType = tokenType
    self.expiresAt = expiresAt
    self.scope = scope
    self.userID = userID
    self.issuedAt = issuedAt
  }

  /// Whether the access token should be renewed at `date`: it expires within `leeway` seconds or
  /// has expired. A credential with no known expiry never needs a proactive refresh.
  public func needsRefresh(at date: Date, leeway: TimeInterval) -> Bool {
    guard let expiresAt else { return false }
    return date.addingTimeInterval(leeway) >= expiresAt
  }

  /// Whether the access token has expired at `date` (never, when the expiry is unknown).
  public func isExpired(at date: Date) -> Bool {
    guard let expiresAt else { return false }
    return date >= expiresAt
  }

  /// The value of the `Authorization` header for this credential: `Bearer <accessToken>`.
  public var authorizationHeaderValue: String { "Bearer \(accessToken)" }

  /// The access token in `request`'s `Authorization` header, read as ``authorizationHeaderValue``
  /// writes it (the scheme in any case); `nil` when it carries no bearer token.
  static func bearerToken(in request: URLRequest) -> String? {
    guard let header = request.value(forHTTPHeaderField: "Authorization"), header.count > 7,
      header.prefix(7).lowercased() == "bearer "
    else { return nil }
    return String(header.dropFirst(7))
  }
}

extension Credential: CustomStringConvertible, CustomDebugStringConvertible {
  /// A description with both tokens redacted.
  public var description: String {
    var parts = [
      "accessToken: \(Redacted.describe(accessToken, showLength: true))",
      "refreshToken: \(refreshToken.map { Redacted.describe($0, showLength: false) } ?? "none")",
      "tokenType: \(tokenType)",
    ]
    if let expiresAt { parts.append("expiresAt: \(Redacted.timestamp(expiresAt))") }
    if let scope { parts.append("scope: \(scope)") }
    if let userID { parts.append("userID: \(userID)") }
    if let issuedAt { parts.append("issuedAt: \(Redacted.timestamp(issuedAt))") }
    return "Credential(\(parts.joined(separator: ", ")))"
  }

  /// The same as ``description``: tokens are redacted in debug output too.
  public var debugDescription: String { description }
}

extension Credential: CustomReflectable {
  /// A mirror that hides the tokens, so `dump(_:)` and debuggers do not print them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "accessToken": Redacted.describe(accessToken, showLength: true),
        "refreshToken": refreshToken.map { Redacted.describe($0, showLength: false) } ?? "none",
        "tokenType": tokenType,
        "expiresAt": expiresAt as Any,
        "scope": scope as Any,
        "userID": userID as Any,
        "issuedAt": issuedAt as Any,
      ], displayStyle: .struct)
  }
}

/// Helpers that keep secrets out of text.
enum Redacted {
  /// `<redacted, N characters>` or `<redacted>`; never any character of `secret`.
  static func describe(_ secret: String, showLength: Bool) -> String {
    if secret.isEmpty { return "<empty>" }
    return showLength ? "<redacted, \(secret.count) characters>" : "<redacted>"
  }

  /// An ISO 8601 timestamp.
  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: date)
  }
}
