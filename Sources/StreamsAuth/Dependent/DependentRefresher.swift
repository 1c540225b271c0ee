import Foundation

/// The refresher of a dependent session: its own refresh token first; when that is rejected, or
/// there is none, or there is no credential at all, an exchange of the upstream session's valid
/// access token.
///
/// It runs inside the dependent session's single flight, and asks the upstream session through
/// its single flight (``SessionManager/validSession()``, which may refresh upstream first), so N
/// parallel requests with both sessions expired make one upstream refresh and one exchange.
struct DependentRefresher: CredentialRefresher {
  let upstream: SessionManager
  let exchange: TokenExchange.Perform
  /// The dependent session's own refresh grant, if it has one.
  let own: (any CredentialRefresher)?

  var obtainsCredentials: Bool { true }

  func refresh(_ credential: Credential) async throws(AuthError) -> Credential {
    if let own, let token = credential.refreshToken, !token.isEmpty {
      do {
        return try await own.refresh(credential)
      } catch  where !error.isFatal {
        throw error
      } catch {
        // The refresh token is dead: exchange again below.
      }
    }
    return try await exchangeUpstream(sessionExists: true)
  }

  func obtain() async throws(AuthError) -> Credential {
    try await exchangeUpstream(sessionExists: false)
  }

  func revoke(_ credential: Credential) async throws(AuthError) {
    try await own?.revoke(credential)
  }

  /// Exchanges the upstream session's valid credential; if the token server refuses it, renews
  /// the upstream credential once (compare-and-refresh: the one that was refused) and exchanges
  /// the new one.
  private func exchangeUpstream(sessionExists: Bool) async throws(AuthError) -> Credential {
    let subject: VersionedCredential
    do {
      subject = try await upstream.credential()
    } catch {
      throw upstreamFailure(error, sessionExists: sessionExists)
    }
    do {
      return try await exchange(subject.credential)
    } catch {
      guard case .exchangeRejected = error else { throw error }
      let renewed: VersionedCredential
      do {
        renewed = try await upstream.refresh(ifGeneration: subject.generation)
      } catch let failure {
        // An upstream that cannot renew (no refresh token) leaves the exchange's refusal.
        if failure == .noRefreshToken { throw error }
        throw upstreamFailure(failure, sessionExists: sessionExists)
      }
      return try await exchange(renewed.credential)
    }
  }

  /// What an upstream failure means here: the upstream session ended → this one ends with it; a
  /// temporary failure stays temporary.
  private func upstreamFailure(_ error: AuthError, sessionExists: Bool) -> AuthError {
    if error.isFatal { return .upstreamSignedOut(session: upstream.name, reason: error.signOutReason) }
    if error == .notSignedIn || error == .sessionEnded {
      return sessionExists ? .upstreamSignedOut(session: upstream.name, reason: .requested) : .notSignedIn
    }
    return error
  }
}
