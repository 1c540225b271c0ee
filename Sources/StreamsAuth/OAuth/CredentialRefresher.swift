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

  /// Whether the refresher can obtain a credential when the session has none, and renew one
  /// that has no refresh token: true for a dependent session's refresher, which exchanges the
  /// upstream session's token. The session then starts a flight (the same single flight as a
  /// refresh) instead of failing with ``AuthError/notSignedIn`` or ``AuthError/noRefreshToken``.
  /// `false` by default.
  var obtainsCredentials: Bool { get }

  /// Obtains a credential for a session that has none (``obtainsCredentials``); called like
  /// ``refresh(_:)``, at most once at a time, from a task the session owns. A failure leaves the
  /// session signed out and is not remembered. The default throws ``AuthError/notSignedIn``.
  func obtain() async throws(AuthError) -> Credential
}

extension CredentialRefresher {
  /// Revokes nothing: for refreshers whose server has no revocation endpoint.
  public func revoke(_ credential: Credential) async throws(AuthError) {}

  /// `false`: a session needs a signed-in credential with a refresh token to renew.
  public var obtainsCredentials: Bool { false }

  /// Throws ``AuthError/notSignedIn``: nothing to obtain a credential from.
  public func obtain() async throws(AuthError) -> Credential { throw .notSignedIn }
}
