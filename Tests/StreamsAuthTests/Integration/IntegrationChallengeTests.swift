import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// django-oauth-toolkit's protected resource answers with RFC 6750 challenges; the interceptor
/// reads them with the RFC 9110 grammar.
@Suite(
  "Integration: WWW-Authenticate challenges from django-oauth-toolkit",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .timeLimit(.minutes(2)))
struct IntegrationChallengeTests {
  @Test("invalid_token (realm, error and a quoted description) refreshes once under the strict predicate")
  func invalidToken() async throws {
    let rig = try await Live.Rig.make(isAuthenticationFailure: AuthInterceptor.invalidTokenChallenge)
    let response = try await rig.client.send(rig.request())
    #expect(response.statusCode == 200)
    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1 && counters.resource401 == 1 && counters.resource200 == 1)
  }

  @Test("A bare 401 (no WWW-Authenticate) refreshes once under the default predicate, never under the strict one")
  func bare401() async throws {
    let rig = try await Live.Rig.make(prepare: { try await $0.setResourceMode(.bare401) })
    #expect(try await rig.client.send(rig.request()).statusCode == 200)
    #expect(try await rig.counters().refreshCalls == 1)

    let strict = try await Live.Rig.make(
      isAuthenticationFailure: AuthInterceptor.invalidTokenChallenge,
      prepare: { try await $0.setResourceMode(.bare401) })
    #expect(try await strict.client.send(strict.request()).statusCode == 401)
    #expect(try await strict.counters().refreshCalls == 0)
  }

  @Test("insufficient_scope: no refresh, a typed error with the scope the resource named, the session kept")
  func insufficientScope() async throws {
    let rig = try await Live.Rig.make(accessTokenLifetime: 600)
    var request = rig.request()
    request.url = URL(string: rig.server.resourceURL.absoluteString + "?require_scope=admin")
    await #expect(throws: AuthError.insufficientScope(requiredScope: "admin")) {
      try await rig.client.send(request)
    }
    let counters = try await rig.counters()
    #expect(counters.tokenCalls == 0)
    #expect(counters.resourceCalls == 1)
    #expect(rig.session.isSignedIn)
    #expect(try await rig.client.send(rig.request()).statusCode == 200)
  }
}
