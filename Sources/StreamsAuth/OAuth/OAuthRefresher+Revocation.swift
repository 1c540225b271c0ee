import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension OAuthRefresher {
  /// Revokes `credential` at the configured revocation endpoint (RFC 7009): the refresh token
  /// (`token_type_hint=refresh_token`), then the access token when
  /// ``OAuthClientConfiguration/revokesAccessToken`` says so or there is no refresh token. The
  /// client authenticates as at the token endpoint. Does nothing without a
  /// ``OAuthClientConfiguration/revocationEndpoint``.
  ///
  /// Revocation is idempotent (§2.2: an unknown or already revoked token is answered 200), so a
  /// request that failed on the network is sent once more. `unsupported_token_type` for the access
  /// token means the server cannot revoke those and is not a failure.
  ///
  /// - Throws: ``AuthError/network(_:)`` or ``AuthError/tokenEndpoint(statusCode:error:)`` for
  ///   the first token that could not be revoked; ``AuthError/cancelled``.
  public func revoke(_ credential: Credential) async throws(AuthError) {
    guard let endpoint = configuration.revocationEndpoint else { return }
    let refreshToken = credential.refreshToken.flatMap { $0.isEmpty ? nil : $0 }
    if let refreshToken {
      try await revoke(refreshToken, hint: "refresh_token", at: endpoint)
    }
    if configuration.revokesAccessToken || refreshToken == nil {
      try await revoke(credential.accessToken, hint: "access_token", at: endpoint)
    }
  }

  /// The revocation request for `token` with `hint`.
  func revocationRequest(for token: String, hint: String, at endpoint: URL) -> URLRequest {
    clientRequest(to: endpoint, fields: [("token", token), ("token_type_hint", hint)])
  }

  private func revoke(_ token: String, hint: String, at endpoint: URL) async throws(AuthError) {
    let request = revocationRequest(for: token, hint: hint, at: endpoint)
    var sendsLeft = 2
    while true {
      sendsLeft -= 1
      let response: HTTPResponse
      do {
        response = try await transport.send(request)
      } catch let error as TransportError {
        if error.reason == .cancelled || Task.isCancelled { throw .cancelled }
        if sendsLeft > 0 { continue }
        throw .network(error)
      } catch {
        if Task.isCancelled || error is CancellationError { throw .cancelled }
        throw .network(TransportError(.other(code: -1), detail: "\(type(of: error))"))
      }
      if response.isSuccess { return }
      let oauthError = Self.oauthError(in: response)
      if hint == "access_token", oauthError?.code == "unsupported_token_type" { return }
      throw .tokenEndpoint(statusCode: response.statusCode, error: oauthError)
    }
  }
}
