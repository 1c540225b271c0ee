import Foundation

/// Sign-in with an authorization code and PKCE, through a user agent.
extension SessionManager {
  /// Signs in with an authorization code and PKCE (RFC 6749 §4.1, RFC 7636 `S256`, RFC 8252):
  /// builds the authorization URL with a fresh `state` and code challenge, has `userAgent`
  /// present it, checks the redirect (`state` must match), exchanges the code with the verifier
  /// at the session's token endpoint, and signs in with the credential (saved, `signedIn`
  /// emitted) before returning it.
  ///
  /// ```swift
  /// let credential = try await session.signIn(authorization: authorization, userAgent: browser)
  /// ```
  ///
  /// Runs as one exclusive section, like ``signIn(using:)``. Every failure leaves the session as
  /// it was (signed in or not, stored credential untouched).
  ///
  /// - Parameters:
  ///   - authorization: The authorization endpoint, redirect URI, scopes and extra parameters.
  ///   - userAgent: The browser that presents the URL and hands back the redirect.
  ///   - userID: The user the credential belongs to, if the app knows it (token responses do
  ///     not say).
  /// - Throws: ``AuthError/authorization(_:)`` (``AuthorizationError/cancelled``,
  ///   ``AuthorizationError/stateMismatch``, ``AuthorizationError/denied(_:)``,
  ///   ``AuthorizationError/missingCode``, ``AuthorizationError/codeRejected(_:)``, …),
  ///   ``AuthError/network(_:)``, ``AuthError/tokenEndpoint(statusCode:error:)``,
  ///   ``AuthError/malformedTokenResponse(_:)``; ``AuthError/invalidConfiguration(_:)`` for a
  ///   session that was not made with ``init(oauth:transport:storage:scheduler:policy:log:name:)``;
  ///   ``AuthError/storage(_:)`` if saving failed (the session is signed in in memory).
  @discardableResult
  public func signIn(
    authorization: AuthorizationConfiguration, userAgent: any AuthorizationUserAgent, userID: String? = nil
  ) async throws(AuthError) -> Credential {
    guard let oauth = engine.refresher as? OAuthRefresher else {
      throw .invalidConfiguration("authorization-code sign-in needs a session made with init(oauth:…)")
    }
    let request = try AuthorizationRequest(configuration: authorization, clientID: oauth.configuration.clientID)
    try await gate.enter()
    defer { gate.leave() }
    let redirect: URL
    do {
      redirect = try await userAgent.authorize(url: request.url, redirectURI: authorization.redirectURI)
    } catch let error as AuthorizationError {
      throw .authorization(error)
    } catch let error as AuthError {
      throw error
    } catch is CancellationError {
      throw .authorization(.cancelled)
    } catch {
      throw .authorization(.userAgentFailed("\(type(of: error))"))
    }
    let code = try request.code(from: redirect)
    var credential = try await oauth.exchangeCode(code, for: request)
    if let userID { credential.userID = userID }
    try await engine.signIn(credential).outcome
    _ = try await engine.settleShared()
    return credential
  }
}
