/// Sign-out: the session ends on the device at once, then its tokens are revoked at the server.
extension SessionManager {
  /// Signs out: the credential is forgotten at once, a refresh in flight is cancelled and its
  /// waiters fail with ``AuthError/sessionEnded``, storage is cleared and
  /// ``SessionEvent/signedOut(_:)`` emitted; then, when the refresher can revoke
  /// (``OAuthClientConfiguration/revocationEndpoint``), the tokens the session held are revoked at
  /// the server (RFC 7009) and the call returns once the server answered.
  ///
  /// The session on the device always ends, whatever the server says; the revocation runs after
  /// the exclusive section, so a sign-in may start meanwhile.
  ///
  /// With a storage that processes share (``FileCredentialStorage``), the store is cleared once
  /// more under the cross-process lock, after any refresh another process was saving, and the
  /// credential that refresh stored is revoked too: the other processes' next refresh is then
  /// rejected and they sign out. (Without a revocation endpoint they cannot tell a sign-out from
  /// a lost store, and renew the session.)
  ///
  /// - Throws: ``AuthError/storage(_:)`` if clearing storage failed (the session is over in
  ///   memory regardless) or the cross-process lock timed out
  ///   (``CredentialStorageError/lockTimedOut(path:seconds:)``); otherwise
  ///   ``AuthError/revocationFailed(_:)`` if the server did not
  ///   confirm the revocation (the tokens stay valid there until they expire).
  public func signOut() async throws(AuthError) {
    try await gate.enter()
    let (done, ended) = engine.signOut()
    var cleared: AuthError?
    var storedElsewhere: Credential?
    do throws(AuthError) {
      try await done.outcome
      storedElsewhere = try await engine.settleShared()
    } catch {
      cleared = error
    }
    gate.leave()
    var credentials = ended.map { [$0] } ?? []
    if let storedElsewhere, storedElsewhere.refreshToken != ended?.refreshToken { credentials.append(storedElsewhere) }
    var revocation: AuthError?
    for credential in credentials {
      do throws(AuthError) {
        try await engine.revoke(credential)
      } catch {
        revocation = revocation ?? error
      }
    }
    if let error = cleared ?? revocation { throw error }
  }
}
