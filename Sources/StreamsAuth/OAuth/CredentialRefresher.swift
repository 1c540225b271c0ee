/// Turns a credential into a renewed one: the network half of a refresh, and of a sign-out that
/// revokes.
///
/// ``OAuthRefresher`` implements the OAuth 2.0 refresh grant; provide your own for other schemes.
/// A ``SessionManager`` calls it at most once at a time per session, never under a lock,
/// from a task it owns (a waiter's cancellation does not cancel it; a sign-out does).
///
/// - Important: throw ``AuthError/refreshRejected(_:)`` only when the refresh token is dead (the
///   session then ends); throw ``AuthError/network(_:)`` or ``AuthError/tokenEndpoint(statusCode:error:)``
///   for failures that leave it usable. Never send the refresh request again after a failure in
///   which it may have reached the server: a rotating server would see the same refresh token
///   twice and revoke the session.
public protocol CredentialRefresher: Sendable {
  /// Exchanges `credential`'s refresh token for a new credential.
  func refresh(_ credential: Credential) async throws(AuthError) -> Credential

  /// Revokes `credential`'s tokens at the server (RFC 7009). ``SessionManager/signOut()`` calls
  /// it once, after the session was cleared on the device; what it throws reaches the caller as
  /// ``AuthError/revocationFailed(_:)``. The default revokes nothing.
  func revoke(_ credential: Credential) async throws(AuthError)
}

extension CredentialRefresher {
  /// Revokes nothing: for refreshers whose server has no revocation endpoint.
  public func revoke(_ credential: Credential) async throws(AuthError) {}
}
