import Foundation

/// Every failure StreamsAuth reports: what happened, whether the session survived, and what to do.
///
/// Use ``kind`` to pick the alert a user sees (network, server, account, cancelled, client), and
/// ``isFatal`` to know whether the session was cleared.
///
/// ```swift
/// do {
///   let credential = try await session.validSession()
///   …
/// } catch {
///   switch error.kind {
///   case .network: showOfflineBanner()
///   case .account: showSignInScreen()
///   case .server, .client: showRetryLater(error.description)
///   case .cancelled: break
///   }
/// }
/// ```
public enum AuthError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nobody is signed in (or the session was cleared).
  case notSignedIn
  /// The credential carries no refresh token, so it cannot be renewed.
  case noRefreshToken
  /// The access token has expired; ``SessionManager/validSession()`` renews it.
  case credentialExpired
  /// The session's credential does not name its user.
  case userIDUnavailable
  /// The authorization server rejected the refresh token (`invalid_grant`: expired, revoked,
  /// reused, or issued to another client). Fatal: the session was cleared and a `signedOut`
  /// event sent.
  case refreshRejected(OAuthErrorResponse)
  /// The token endpoint answered with an error status that does not end the session.
  case tokenEndpoint(statusCode: Int, error: OAuthErrorResponse?)
  /// The token endpoint answered 2xx with a body StreamsAuth cannot use.
  case malformedTokenResponse(MalformedTokenResponse)
  /// The resource server refused the token for lacking a scope (RFC 6750 §3.1
  /// `error="insufficient_scope"`); `requiredScope` is the scope its challenge names, if any.
  /// Refreshing cannot help, so none was started: sign in again asking for that scope. The
  /// session is kept.
  case insufficientScope(requiredScope: String?)
  /// Sign-out cleared the session on the device, but the server did not confirm revoking its
  /// tokens (RFC 7009); the underlying error says why (network, an error status). The tokens stay
  /// valid at the server until they expire. Nothing was kept on the device.
  indirect case revocationFailed(AuthError)
  /// The network failed before a complete answer arrived.
  case network(TransportError)
  /// More than the allowed number of refreshes happened within the refresh window: something
  /// keeps rejecting fresh tokens (a resource that always answers 401, a wrong audience, a server
  /// key change). No refresh was started.
  case excessiveRefresh(refreshes: Int, interval: TimeInterval)
  /// The session this caller waited for ended (sign-out, or a different sign-in) before the
  /// refresh finished.
  case sessionEnded
  /// The waiting task was cancelled; the shared refresh, if any, carried on without it.
  case cancelled
  /// The ``SessionManager`` was deallocated while the caller waited.
  case sessionReleased
  /// The credential storage failed.
  case storage(CredentialStorageError)
  /// A configuration value cannot be used.
  case invalidConfiguration(String)
  /// Signing in with an authorization code failed (``SessionManager/signIn(authorization:userAgent:userID:)``):
  /// the user cancelled, the redirect did not match the request, the server refused. The session
  /// was not changed.
  case authorization(AuthorizationError)
  /// The token server refused to exchange the upstream session's access token (RFC 8693) even
  /// after the upstream session renewed it. Fatal for a dependent session: it was signed out.
  case exchangeRejected(OAuthErrorResponse)
  /// The session this one depends on (``SessionManager/init(dependingOn:exchange:refresh:transport:storage:scheduler:policy:log:name:)``)
  /// ended, so this one ended too; `session` names it and `reason` says why it ended.
  indirect case upstreamSignedOut(session: String, reason: SignOutReason)

  /// The family of a failure, for choosing what a user is shown.
  public enum Kind: Sendable, Hashable {
    /// The device could not reach the server: offline, timed out, connection lost.
    case network
    /// The server failed or answered something unusable; trying later may work.
    case server
    /// The user's session is missing, expired or rejected: the user must sign in.
    case account
    /// The caller cancelled.
    case cancelled
    /// The app or its configuration is wrong (client id, refresh loop, storage).
    case client
  }

  /// The family of this failure.
  public var kind: Kind {
    switch self {
    case .revocationFailed(let underlying): return underlying.kind
    case .authorization(let error): return error.kind
    case .exchangeRejected, .upstreamSignedOut: return .account
    case .network: return .network
    case .tokenEndpoint(_, let error?) where OAuthErrorResponse.clientConfigurationCodes.contains(error.code):
      return .client
    case .tokenEndpoint, .malformedTokenResponse: return .server
    case .notSignedIn, .noRefreshToken, .credentialExpired, .userIDUnavailable, .refreshRejected, .sessionEnded,
      .insufficientScope:
      return .account
    case .cancelled: return .cancelled
    case .excessiveRefresh, .sessionReleased, .storage, .invalidConfiguration: return .client
    }
  }

  /// Whether the failure ended the session: the refresh token was rejected, a dependent
  /// session's exchange was refused, or the session it depends on ended.
  public var isFatal: Bool {
    switch self {
    case .refreshRejected, .exchangeRejected, .upstreamSignedOut: return true
    default: return false
    }
  }

  /// Why a session that failed with this (fatal) error ended.
  var signOutReason: SignOutReason {
    if case .upstreamSignedOut(let session, let reason) = self {
      return .upstreamSignedOut(session: session, reason: reason)
    }
    return .refreshRejected(self)
  }

  /// Whether the same call may succeed later without the user doing anything: network failures,
  /// and server answers 5xx, 429 (too many requests) and 408 (request timeout).
  public var isTemporary: Bool {
    switch self {
    case .network, .malformedTokenResponse: return true
    case .revocationFailed(let underlying): return underlying.isTemporary
    case .storage(.lockTimedOut): return true
    case .tokenEndpoint(let status, _): return status >= 500 || status == 429 || status == 408
    default: return false
    }
  }

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .notSignedIn:
      return "No one is signed in. Sign in (or restore the session from storage) before making authenticated requests."
    case .noRefreshToken:
      return "The credential has no refresh token, so it cannot be renewed. Sign in again."
    case .credentialExpired:
      return "The access token has expired. Call validSession() to renew it before use."
    case .userIDUnavailable:
      return "The session's credential does not name its user. Set Credential.userID when signing in."
    case .refreshRejected(let error):
      return "The authorization server rejected the refresh token (\(error)); it was expired, revoked or reused. "
        + "The session was cleared: sign in again."
    case .tokenEndpoint(let status, let error):
      let detail = error.map { " (\($0))" } ?? ""
      if isTemporary {
        return "The token endpoint answered HTTP \(status)\(detail). The session was kept; try again later."
      }
      return "The token endpoint answered HTTP \(status)\(detail). The session was kept; "
        + "check the client configuration (token endpoint, client id, secret)."
    case .malformedTokenResponse(let problem):
      return "The token endpoint's reply could not be used: \(problem). The session was kept; try again later."
    case .insufficientScope(let scope):
      let needed = scope.map { " (it requires \"\($0)\")" } ?? ""
      return "The resource refused the token for lacking a scope\(needed); refreshing cannot help. "
        + "The session was kept; sign in again asking for the scope."
    case .revocationFailed(let underlying):
      let reason: String
      switch underlying {
      case .network(let error): reason = "the network failed (\(error))"
      case .tokenEndpoint(let status, let error): reason = "it answered HTTP \(status)\(error.map { " (\($0))" } ?? "")"
      default: reason = "\(underlying)"
      }
      return "Signed out on this device, but the revocation endpoint did not confirm revoking the tokens: \(reason). "
        + "They stay valid at the server until they expire."
    case .network(let error):
      return "The network failed: \(error). The session was kept; try again when the connection is back."
    case .excessiveRefresh(let refreshes, let interval):
      return "Refused to refresh: \(refreshes) refreshes already happened within \(Self.seconds(interval)). "
        + "Something keeps rejecting fresh tokens; check the 401 predicate and the token's audience."
    case .sessionEnded:
      return "The session ended (sign-out or a new sign-in) while this request waited for a token; it was not retried."
    case .cancelled:
      return "The caller was cancelled while waiting; a shared refresh, if any, carried on."
    case .sessionReleased:
      return "The SessionManager was deallocated while this caller waited; keep it alive as long as its clients."
    case .storage(let error):
      return "The credential storage failed: \(error)"
    case .invalidConfiguration(let detail):
      return "Invalid configuration: \(detail). Correct the value and create the object again."
    case .authorization(let error):
      return "Signing in with an authorization code failed: \(error) The session was not changed."
    case .exchangeRejected(let error):
      return "The token server refused to exchange the upstream session's access token (\(error)), "
        + "even after the upstream session renewed it. This session was cleared: sign in again."
    case .upstreamSignedOut(let session, let reason):
      return "The session \"\(session)\" that this one depends on ended (\(reason)), so this session ended too. "
        + "Sign in to \"\(session)\" again."
    }
  }

  static func seconds(_ interval: TimeInterval) -> String {
    interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
  }
}
