import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// django-oauth-toolkit set up the ways servers are deployed, not only the way the other suites
/// set it up: late 401s after a fatal refresh, a token endpoint on the API's host, servers that
/// do not rotate or leave the refresh token out, resource servers with and without RFC 6750
/// challenges, short-lived access tokens, and a refresh-token grace period shared by two clients.
@Suite(
  "Integration: servers as they are deployed",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .timeLimit(.minutes(2)))
struct IntegrationDeploymentTests {
  @Test("50 parallel requests whose 401s arrive spread over 2 s after a fatal refresh all get its error")
  func late401sAfterAFatalRefresh() async throws {
    let rig = try await Live.Rig.make()
    #expect(try await rig.tenant.revokeFamily(of: rig.pair.refreshToken) == 1)
    let count = 50
    let client = rig.client
    // Request i's 401 comes back after i × 40 ms; the refresh is rejected long before most.
    let outcomes = await Live.Outcomes.collect(count) { index in
      try await client.send(rig.request(delayMilliseconds: index * 40))
    }
    #expect(outcomes.successes == 0, "\(outcomes.summary)")
    let errors = outcomes.authErrors
    #expect(errors.count == count)
    let error = try #require(errors.first ?? nil)
    guard case .refreshRejected(let rejection) = error else {
      Issue.record("expected refreshRejected, got \(error)")
      return
    }
    #expect(rejection.code == "invalid_grant")
    #expect(errors.allSatisfy { $0 == error }, "\(outcomes.summary)")
    let counters = try await rig.counters()
    #expect(counters.tokenCalls == 1)
    #expect(counters.resource401 == count)
    #expect(rig.session.current == nil)
  }

  @Test("The token endpoint on the API's host never gets the bearer; a sign-in call goes out signed out or in")
  func tokenEndpointOnTheAPIHost() async throws {
    let rig = try await Live.Rig.make()
    var signInCall = URLRequest(url: rig.server.tokenURL)
    signInCall.httpMethod = "POST"
    signInCall.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    signInCall.httpBody = Data(
      OAuthRefresher.formEncode([
        ("grant_type", "password"), ("username", rig.tenant.username), ("password", rig.tenant.password),
        ("client_id", rig.tenant.publicClientID),
      ]).utf8)
    // Signed in, the token endpoint shares the API's host and port.
    #expect(try await rig.client.send(signInCall).statusCode == 200)
    // Signed out, the same call is not authorized, so it goes out unchanged.
    try await rig.session.signOut()
    #expect(try await rig.client.send(signInCall).statusCode == 200)
    await #expect(throws: AuthError.notSignedIn) { try await rig.client.send(rig.request()) }
    #expect(rig.transport.traffic.current.tokenRequests == 2)
    #expect(rig.transport.traffic.current.tokenBearerSends == 0)
  }

  @Test("A server that does not rotate: one refresh per expiry, the same refresh token every time")
  func serverWithoutRotation() async throws {
    let rig = try await Live.Rig.make(prepare: { try await $0.setRefreshTokenPolicy(rotate: false) })
    try await expectRefreshesKeepTheRefreshToken(rig)
  }

  @Test("A server that answers a refresh without refresh_token: the client keeps the one it has")
  func serverOmittingTheRefreshToken() async throws {
    let rig = try await Live.Rig.make(prepare: {
      try await $0.setRefreshTokenPolicy(rotate: false, omitFromResponse: true)
    })
    try await expectRefreshesKeepTheRefreshToken(rig)
  }

  private func expectRefreshesKeepTheRefreshToken(_ rig: Live.Rig) async throws {
    let outcomes = await rig.sendParallel(20)
    #expect(outcomes.statuses == [200: 20], "\(outcomes.summary)")
    let first = try #require(rig.session.current)
    #expect(first.credential.refreshToken == rig.pair.refreshToken)
    #expect(first.credential.accessToken != rig.pair.accessToken)
    try await rig.tenant.expireAccessToken(first.credential.accessToken)
    let again = await rig.sendParallel(20)
    #expect(again.statuses == [200: 20], "\(again.summary)")
    let second = try #require(rig.session.current)
    #expect(second.credential.refreshToken == rig.pair.refreshToken)
    #expect(second.generation.rawValue == first.generation.rawValue + 1)
    #expect(rig.storage.contents == second.credential)
    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 2)
    #expect(counters.tokenStatuses == ["200": 2])
    #expect(counters.reuseDetections == 0)
  }

  @Test("RFC 6750 challenges: the strict predicate refreshes on invalid_token and leaves a bare 401 alone")
  func wwwAuthenticate() async throws {
    // A resource server with challenges: both predicates refresh.
    let strict = try await Live.Rig.make(isAuthenticationFailure: AuthInterceptor.invalidTokenChallenge)
    #expect(try await strict.client.send(strict.request()).statusCode == 200)
    #expect(try await strict.counters().refreshCalls == 1)

    // A resource server without them: the default predicate (any 401) refreshes ...
    let bare = try await Live.Rig.make(prepare: { try await $0.setResourceMode(.bare401) })
    #expect(try await bare.client.send(bare.request()).statusCode == 200)
    #expect(try await bare.counters().refreshCalls == 1)

    // ... the strict one does not: the bare 401 is returned and nothing refreshes.
    let strictBare = try await Live.Rig.make(
      isAuthenticationFailure: AuthInterceptor.invalidTokenChallenge,
      prepare: { try await $0.setResourceMode(.bare401) })
    let response = try await strictBare.client.send(strictBare.request())
    #expect(response.statusCode == 401)
    #expect(response.value(forHeader: "WWW-Authenticate") == nil)
    #expect(try await strictBare.counters().tokenCalls == 0)
  }

  @Test("4-second access tokens, default policy, a request a second for 12 s: all succeed, no refresh per request")
  func shortLivedAccessTokens() async throws {
    let rig = try await Live.Rig.make(server: Live.shortTokenServer, accessTokenLifetime: 4, clientKnowsExpiry: true)
    for second in 0..<12 {
      let started = ContinuousClock.now
      let response = try await rig.client.send(rig.request())
      // Says what came back and how long it took, should a loaded machine ever fail it (it did once,
      // with the whole suite running on two cores; not reproduced since): a token can expire while a
      // slow server still holds the request, and its one retry too.
      #expect(
        response.statusCode == 200,
        "request \(second): \(response.statusCode) after \(ContinuousClock.now - started), \(String(decoding: response.body, as: UTF8.self))"
      )
      try await Task.sleep(nanoseconds: 1_000_000_000)
    }
    let counters = try await rig.counters()
    // Renewed about once per 3 s (a quarter of 4 s before expiry), plus the first: 4 or 5, not 12.
    #expect((3...6).contains(counters.refreshCalls), "\(counters.refreshCalls) refreshes")
    #expect(counters.resource200 == 12)
    #expect(counters.reuseDetections == 0)
  }

  @Test("A grace period lets an app and its extension refresh with the same refresh token")
  func gracePeriodSharedByTwoClients() async throws {
    let rig = try await Live.Rig.make(server: Live.graceServer)
    // A second process (an app extension) holding the same stored credential.
    let extensionSession = SessionManager(
      oauth: OAuthClientConfiguration(tokenEndpoint: rig.server.tokenURL, clientID: rig.tenant.publicClientID),
      transport: rig.transport)
    try await extensionSession.signIn(rig.credential)
    let extensionClient = HTTPClient(
      transport: rig.transport,
      interceptors: [extensionSession.interceptor(hosts: [Live.hostAndPort(rig.server.baseURL)])])

    #expect(try await rig.client.send(rig.request()).statusCode == 200)
    #expect(try await extensionClient.send(rig.request()).statusCode == 200)
    // Within the grace period the server answers the rotated-out token with the pair it minted.
    #expect(extensionSession.current?.credential.refreshToken == rig.session.current?.credential.refreshToken)
    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 2)
    #expect(counters.graceReuses == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
  }

  @Test("Secrets never print: a confidential client's real session, its log lines, events, errors and dumps")
  func secretsNeverPrint() async throws {
    let rig = try await Live.Rig.make(client: .confidential)
    #expect(try await rig.client.send(rig.request()).statusCode == 200)
    let renewed = try #require(rig.session.current).credential
    var texts: [String] = []
    for value in [rig.session, rig.client, renewed, rig.session.current as Any] as [Any] {
      var dumped = ""
      dump(value, to: &dumped)
      texts += [dumped, String(describing: value), String(reflecting: value)]
    }
    // The session ends: the server revokes the family (its access tokens too).
    _ = try await rig.tenant.revokeFamily(of: try #require(renewed.refreshToken))
    let rejected = await rig.sendOne()
    guard case .failure(let failure) = rejected, let error = failure as? AuthError else {
      Issue.record("expected the refresh to be rejected, got \(rejected)")
      return
    }
    #expect(error.isFatal)
    texts.append(error.description)
    texts += rig.log.current.map(\.description)
    texts += rig.events.events.current.map { String(reflecting: $0) }
    let basic = Data("\(rig.tenant.confidentialClientID):\(rig.tenant.confidentialClientSecret)".utf8)
      .base64EncodedString()
    let secrets = [
      rig.pair.accessToken, rig.pair.refreshToken, renewed.accessToken, try #require(renewed.refreshToken),
      rig.tenant.confidentialClientSecret, basic,
    ]
    #expect(rig.log.current.count >= 3)
    for text in texts {
      for secret in secrets { #expect(!text.contains(secret), "a secret leaked in: \(text)") }
    }
  }
}
