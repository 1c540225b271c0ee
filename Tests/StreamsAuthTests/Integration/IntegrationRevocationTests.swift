import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sign-out revokes at django-oauth-toolkit's `/o/revoke_token/` (RFC 7009): afterwards the old
/// refresh token, tried directly at `/o/token/`, no longer works.
@Suite(
  "Integration: sign-out revokes at django-oauth-toolkit",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .timeLimit(.minutes(2)))
struct IntegrationRevocationTests {
  func configuration(
    _ server: OAuthTestServer, _ tenant: OAuthTestTenant, client: OAuthTestTenant.Client, revocationURL: URL? = nil,
    revokesAccessToken: Bool = false
  ) -> OAuthClientConfiguration {
    OAuthClientConfiguration(
      tokenEndpoint: server.tokenURL, clientID: client == .public ? tenant.publicClientID : tenant.confidentialClientID,
      clientSecret: client == .public ? nil : tenant.confidentialClientSecret,
      revocationEndpoint: revocationURL ?? server.revocationURL, revokesAccessToken: revokesAccessToken)
  }

  @Test(
    "After sign-out the refresh token is dead at /o/token/ and the access token at the resource",
    arguments: [(OAuthTestTenant.Client.public, false), (.confidential, true)])
  func revokes(client: OAuthTestTenant.Client, revokesAccessToken: Bool) async throws {
    let server = try await OAuthTestServer.shared()
    let tenant = try await server.makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: 600, client: client)
    let storage = InMemoryCredentialStorage()
    let session = SessionManager(
      oauth: configuration(server, tenant, client: client, revokesAccessToken: revokesAccessToken), storage: storage)
    try await session.signIn(Credential(accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresAt: nil))
    #expect(try await tenant.callResource(accessToken: pair.accessToken).status == 200)

    try await session.signOut()

    #expect(!session.isSignedIn)
    #expect(try storage.load() == nil)
    let info = try await tenant.refreshTokenInfo(pair.refreshToken)
    #expect(info.found && info.revoked)
    let reply = try await tenant.refresh(pair.refreshToken, client: client)
    #expect(reply.status == 400 && reply.error == "invalid_grant", "\(reply)")
    #expect(try await tenant.callResource(accessToken: pair.accessToken).status == 401)
    let counters = try await tenant.counters()
    #expect(counters.refreshCalls == 1, "only the test's own attempt reached /o/token/")
  }

  @Test("An unreachable revocation endpoint: a typed error, and the session is gone all the same")
  func unreachable() async throws {
    let server = try await OAuthTestServer.shared()
    let tenant = try await server.makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: 600)
    let storage = InMemoryCredentialStorage()
    let session = SessionManager(
      oauth: configuration(
        server, tenant, client: .public, revocationURL: URL(string: "http://127.0.0.1:1/o/revoke_token/")!),
      storage: storage)
    try await session.signIn(Credential(accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresAt: nil))

    let error = await #expect(throws: AuthError.self) { try await session.signOut() }
    guard case .revocationFailed(.network) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(!session.isSignedIn)
    #expect(try storage.load() == nil)
    #expect(!"\(String(describing: error))".contains(pair.refreshToken))
    // Not revoked, as the error says: the token still works at the server.
    #expect(try await tenant.refreshTokenInfo(pair.refreshToken).revoked == false)
  }
}
