/// Why signing in with an authorization code failed (``AuthError/authorization(_:)``). None of
/// them changes the session; none of their descriptions contains a code, verifier or token.
public enum AuthorizationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The user closed the browser sheet (the user agent reported a cancellation).
  case cancelled
  /// The user agent failed for another reason; `detail` is its error's description.
  case userAgentFailed(String)
  /// The redirect is not a URL under the redirect URI of the request.
  case redirectMismatch
  /// The redirect's `state` is not the one the request sent (RFC 6749 §10.12): a stale or
  /// forged redirect, never exchanged.
  case stateMismatch
  /// The redirect carries neither a `code` nor an `error`.
  case missingCode
  /// The authorization server answered the request with an error redirect (RFC 6749 §4.1.2.1):
  /// `access_denied`, `invalid_scope`, …
  case denied(OAuthErrorResponse)
  /// The token endpoint refused the code (`invalid_grant`: reused, expired, issued for another
  /// redirect URI, or the PKCE verifier does not match).
  case codeRejected(OAuthErrorResponse)

  /// The family of the failure (see ``AuthError/kind``).
  public var kind: AuthError.Kind {
    switch self {
    case .cancelled: return .cancelled
    case .denied, .codeRejected: return .account
    case .userAgentFailed, .redirectMismatch, .stateMismatch, .missingCode: return .client
    }
  }

  /// What happened and what to do.
  public var description: String {
    switch self {
    case .cancelled:
      return "The user cancelled signing in."
    case .userAgentFailed(let detail):
      return "The browser for signing in failed (\(detail))."
    case .redirectMismatch:
      return "The redirect does not go to the redirect URI of the sign-in request; it was ignored."
    case .stateMismatch:
      return "The redirect's state does not match the sign-in request (a stale or forged redirect); it was ignored."
    case .missingCode:
      return "The redirect carries no authorization code and no error; the server did not follow RFC 6749 §4.1.2."
    case .denied(let error):
      return "The authorization server refused the sign-in (\(error))."
    case .codeRejected(let error):
      return "The token endpoint refused the authorization code (\(error)): it was used before, expired, "
        + "or the PKCE verifier did not match. Start the sign-in again."
    }
  }
}
