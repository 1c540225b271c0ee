/// An OAuth 2.0 error response (RFC 6749 §5.2): `{"error": "invalid_grant", "error_description": …}`.
public struct OAuthErrorResponse: Sendable, Hashable, CustomStringConvertible {
  /// The error code, such as `invalid_grant` or `invalid_client`.
  public var code: String
  /// The server's human-readable explanation, if it sent one.
  public var errorDescription: String?
  /// A page about the error, if the server sent one.
  public var errorURI: String?

  /// Creates an error response.
  public init(code: String, errorDescription: String? = nil, errorURI: String? = nil) {
    self.code = code
    self.errorDescription = errorDescription
    self.errorURI = errorURI
  }

  /// The codes that say the client itself is misconfigured rather than the user's session bad.
  static let clientConfigurationCodes: Set<String> = [
    "invalid_client", "unauthorized_client", "unsupported_grant_type", "invalid_scope", "invalid_request",
  ]

  /// `code`, with the server's description when there is one.
  public var description: String {
    guard let errorDescription, !errorDescription.isEmpty else { return code }
    return "\(code): \(errorDescription)"
  }
}

/// What was wrong with a 2xx token-endpoint reply.
public enum MalformedTokenResponse: Sendable, Hashable, CustomStringConvertible {
  /// The body is not JSON (an HTML error page from a proxy, say).
  case notJSON(contentType: String?, byteCount: Int)
  /// The body is JSON but not an object.
  case notAnObject
  /// A required field is missing.
  case missingField(String)
  /// A field has the wrong type or an unusable value; `expected` says what was expected.
  case invalidField(String, expected: String)
  /// The token type is not `Bearer`.
  case unsupportedTokenType(String)

  /// What was wrong, naming the field.
  public var description: String {
    switch self {
    case .notJSON(let contentType, let byteCount):
      return "the body is not JSON (\(contentType ?? "no Content-Type"), \(byteCount) bytes)"
    case .notAnObject:
      return "the body is JSON but not an object"
    case .missingField(let name):
      return "the required field \"\(name)\" is missing"
    case .invalidField(let name, let expected):
      return "the field \"\(name)\" is not \(expected)"
    case .unsupportedTokenType(let type):
      return "the token type \"\(type)\" is not supported (only Bearer is)"
    }
  }
}
