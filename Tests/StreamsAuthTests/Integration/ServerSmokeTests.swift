import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The OAuth test server itself (django-oauth-toolkit behind Fixtures/OAuthTestServer.swift),
/// checked with plain HTTP calls before the StreamsAuth tests rely on it.
@Suite(.enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment))
struct ServerSmokeTests {
  @Test func servesTheProtectedResourceForAnIssuedPair() async throws {
    let server = try await OAuthTestServer.shared()
    print("OAuth test server \(server.baseURL) (pid \(server.processIdentifier)) started in \(server.startupDuration)")
    let tenant = try await server.makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: 300)
    #expect(pair.tokenType == "Bearer")
    #expect(pair.expiresIn == 300)

    let ok = try await tenant.callResource(accessToken: pair.accessToken)
    #expect(ok.status == 200, "\(ok)")
    #expect(ok.userID == tenant.userID)
    #expect(ok.clientID == tenant.publicClientID)

    let unknown = try await tenant.callResource(accessToken: "not-a-token")
    #expect(unknown.status == 401)
    #expect(unknown.wwwAuthenticate?.hasPrefix("Bearer ") == true)
    #expect(unknown.wwwAuthenticate?.contains(#"error="invalid_token""#) == true, "\(unknown)")

    // RFC 6750 §3.1: no credentials, a challenge without an error code.
    let anonymous = try await tenant.callResource(accessToken: nil)
    #expect(anonymous.status == 401)
    #expect(anonymous.wwwAuthenticate?.hasPrefix("Bearer ") == true)
    #expect(anonymous.wwwAuthenticate?.contains("error=") == false)

    let counters = try await tenant.counters()
    #expect(counters.resourceCalls == 1)  // the other two carried no token of this tenant
    #expect(counters.resource200 == 1)
    #expect(counters.tokenCalls == 0)  // issue-tokens bypasses /o/token/
  }

  @Test func anExpiredAccessTokenGets401InvalidToken() async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let expired = try await tenant.issueTokens(accessTokenLifetime: -5)
    let reply = try await tenant.callResource(accessToken: expired.accessToken)
    #expect(reply.status == 401)
    #expect(reply.wwwAuthenticate?.contains(#"error="invalid_token""#) == true, "\(reply)")

    let live = try await tenant.issueTokens(accessTokenLifetime: 300)
    #expect(try await tenant.callResource(accessToken: live.accessToken).status == 200)
    try await tenant.expireAccessToken(live.accessToken)
    #expect(try await tenant.callResource(accessToken: live.accessToken).status == 401)
    #expect(try await tenant.accessTokenInfo(live.accessToken).expired)

    let counters = try await tenant.counters()
    #expect(counters.resource401 == 2)
    #expect(counters.resource200 == 1)
  }

  @Test func refreshRotatesAndReusingTheOldRefreshTokenRevokesTheFamily() async throws {
    let server = try await OAuthTestServer.shared()
    let tenant = try await server.makeTenant()
    let first = try await tenant.issueTokens(accessTokenLifetime: -1)
    #expect(try await tenant.callResource(accessToken: first.accessToken).status == 401)

    // RFC 6749 §6: a new pair, and the refresh token rotated.
    let refreshed = try await tenant.refresh(first.refreshToken)
    let second = try #require(refreshed.pair, "\(refreshed)")
    #expect(second.refreshToken != first.refreshToken)
    #expect(second.accessToken != first.accessToken)
    #expect(second.expiresIn == server.configuration.accessTokenLifetime)
    #expect(try await tenant.callResource(accessToken: second.accessToken).status == 200)
    #expect(try await tenant.refreshTokenInfo(first.refreshToken).revoked)
    #expect(try await tenant.refreshTokenInfo(second.refreshToken).familyLiveRefreshTokens == 1)

    // The rotated-out token again (grace period 0): invalid_grant, and the whole family dies.
    let reused = try await tenant.refresh(first.refreshToken)
    #expect(reused.status == 400)
    #expect(reused.error == "invalid_grant", "\(reused)")
    #expect(try await tenant.refreshTokenInfo(second.refreshToken).familyLiveRefreshTokens == 0)
    #expect(try await tenant.callResource(accessToken: second.accessToken).status == 401)
    let afterTheft = try await tenant.refresh(second.refreshToken)
    #expect(afterTheft.error == "invalid_grant", "\(afterTheft)")

    let counters = try await tenant.counters()
    #expect(counters.tokenCalls == 3)
    #expect(counters.refreshCalls == 3)
    #expect(counters.tokenStatuses == ["200": 1, "400": 2])
    #expect(counters.tokenErrors == ["invalid_grant": 2])
    #expect(counters.reuseDetections == 2)  // the replay, then the revoked current token
    #expect(counters.familiesRevoked == 1)  // only the replay found live tokens
    #expect(counters.resource200 == 1)
    #expect(counters.resource401 == 2)
  }

  @Test func confidentialClientRefreshesWithHTTPBasicAndSignInWorks() async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let signIn = try await tenant.signIn(client: .confidential)
    let pair = try #require(signIn.pair, "\(signIn)")
    #expect(try await tenant.callResource(accessToken: pair.accessToken).userID == tenant.userID)

    let refreshed = try await tenant.refresh(pair.refreshToken, client: .confidential)
    #expect(refreshed.pair != nil, "\(refreshed)")

    // The refresh token belongs to the confidential client; the public one may not use it.
    let wrongClient = try await tenant.refresh(try #require(refreshed.pair).refreshToken, client: .public)
    #expect(wrongClient.error == "invalid_grant", "\(wrongClient)")

    let publicSignIn = try await tenant.signIn(client: .public)
    #expect(publicSignIn.pair != nil, "\(publicSignIn)")
  }

  @Test func latencyHoldsTokenCallsBackAndResetClearsIt() async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let pair = try await tenant.issueTokens()
    try await tenant.setTokenLatency(before: .milliseconds(300), after: .milliseconds(200))
    let clock = ContinuousClock()
    let started = clock.now
    let refreshed = try await tenant.refresh(pair.refreshToken)
    let elapsed = clock.now - started
    #expect(refreshed.pair != nil, "\(refreshed)")
    #expect(elapsed >= .milliseconds(500), "took \(elapsed)")

    #expect(try await tenant.knobs().tokenLatencyBeforeMilliseconds == 300)
    try await tenant.reset()
    let knobs = try await tenant.knobs()
    #expect(knobs.tokenLatencyBeforeMilliseconds == 0 && knobs.tokenLatencyAfterMilliseconds == 0)
    #expect(try await tenant.counters().tokenCalls == 0)
    #expect(try await tenant.refresh(try #require(refreshed.pair).refreshToken).pair != nil)
    #expect(try await tenant.counters().tokenCalls == 1)  // counted since the reset
  }

  @Test(arguments: [OAuthTestTenant.DropMode.close, .reset, .status500])
  func aDroppedResponseStillCommitsTheRotation(mode: OAuthTestTenant.DropMode) async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: -1)
    try await tenant.dropNextTokenResponses(1, mode: mode)
    #expect(try await tenant.knobs().dropRemaining == 1)

    switch mode {
    case .status500:
      let reply = try await tenant.refresh(pair.refreshToken)
      #expect(reply.status == 500)
      #expect(reply.error == "server_error")
    case .close, .reset:
      let error = await #expect(throws: (any Error).self) {
        _ = try await tenant.refresh(pair.refreshToken)
      }
      print(
        "dropped /o/token/ response (\(mode)): \(error.map { "\(($0 as? URLError)?.code.rawValue ?? 0) \($0)" } ?? "-")"
      )
    }

    // The server rotated: the old token is revoked, the family has one live token the
    // client never received.
    let info = try await tenant.refreshTokenInfo(pair.refreshToken)
    #expect(info.revoked)
    #expect(info.familyLiveRefreshTokens == 1)
    #expect(info.familySize == 2)

    // Only one response is dropped; with grace 0, retrying with the old token is reuse.
    let retry = try await tenant.refresh(pair.refreshToken)
    #expect(retry.error == "invalid_grant", "\(retry)")
    #expect(try await tenant.knobs().dropRemaining == 0)
    let counters = try await tenant.counters()
    #expect(counters.droppedTokenResponses == 1)
    #expect(counters.tokenStatuses == ["200": 1, "400": 1])
    #expect(counters.reuseDetections == 1)
    #expect(counters.familiesRevoked == 1)
  }

  @Test func aGracePeriodServerHandsBackTheAlreadyMintedPair() async throws {
    let server = try await OAuthTestServer.shared(OAuthServerConfiguration(refreshTokenGracePeriod: 30))
    print("OAuth test server with a grace period: \(server.baseURL), started in \(server.startupDuration)")
    let tenant = try await server.makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: -1)
    try await tenant.dropNextTokenResponses(1, mode: .close)
    await #expect(throws: (any Error).self) { _ = try await tenant.refresh(pair.refreshToken) }

    // The lost response is recovered by presenting the old token again within the grace period.
    let again = try await tenant.refresh(pair.refreshToken)
    let recovered = try #require(again.pair, "\(again)")
    #expect(try await tenant.callResource(accessToken: recovered.accessToken).status == 200)
    let next = try await tenant.refresh(recovered.refreshToken)
    #expect(next.pair != nil, "\(next)")

    let counters = try await tenant.counters()
    #expect(counters.graceReuses == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
  }

  @Test func revokingTheFamilyRejectsTheClientsNextRefresh() async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let pair = try await tenant.issueTokens()
    #expect(try await tenant.revokeFamily(of: pair.refreshToken) == 1)
    #expect(try await tenant.callResource(accessToken: pair.accessToken).status == 401)
    let reply = try await tenant.refresh(pair.refreshToken)
    #expect(reply.error == "invalid_grant", "\(reply)")
    let counters = try await tenant.counters()
    #expect(counters.testFamilyRevocations == 1)
    #expect(counters.reuseDetections == 1)
    #expect(counters.familiesRevoked == 0)
  }

  @Test func theResourceCanRejectEveryToken() async throws {
    let tenant = try await OAuthTestServer.shared().makeTenant()
    let pair = try await tenant.issueTokens()
    try await tenant.setResourceMode(.always401)
    let reply = try await tenant.callResource(accessToken: pair.accessToken)
    #expect(reply.status == 401)
    #expect(reply.wwwAuthenticate?.contains(#"error="invalid_token""#) == true)
    try await tenant.setResourceMode(.normal)
    #expect(try await tenant.callResource(accessToken: pair.accessToken).status == 200)
  }

  @Test func fiveHundredParallelRequestsAllSucceed() async throws {
    let server = try await OAuthTestServer.shared()
    let tenant = try await server.makeTenant()
    let pair = try await tenant.issueTokens(accessTokenLifetime: 600)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 1000
    configuration.timeoutIntervalForRequest = 120
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }

    // The server holds each request until all of them have arrived, so all are open at once
    // however slowly the client opens connections; a server that cannot hold 500 answers 503.
    let count = 500
    let clock = ContinuousClock()
    let started = clock.now
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<count {
        group.addTask {
          try await tenant.callResource(accessToken: pair.accessToken, gather: count, session: session).status
        }
      }
      return try await group.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
    }
    let elapsed = clock.now - started
    #expect(statuses == [200: count])
    let counters = try await tenant.counters()
    #expect(counters.resource200 == count)
    let totals = try await server.totalCounters()
    let peak = try #require(totals.peakConnections)
    #expect(peak >= count, "the server never had more than \(peak) connections open at once")
    print("\(count) parallel GET /api/me held until all arrived: \(elapsed); at most \(peak) connections open at once")
  }

  @Test func stopEndsTheServerThroughItsStdin() async throws {
    let shared = try await OAuthTestServer.shared()
    // A private server beside the shared one: stopping it must not depend on the other's pipes.
    let server = try await OAuthTestServer.start(OAuthServerConfiguration(accessTokenLifetime: 5, accessLog: false))
    let pid = server.processIdentifier
    #expect(server.isRunning)
    #expect(try await server.defaultTenant.issueTokens().accessToken.isEmpty == false)

    let clock = ContinuousClock()
    let started = clock.now
    await server.stop()
    print("stop(): \(clock.now - started)")
    #expect(!server.isRunning)
    #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) is still there")
    #expect(server.log().contains("stopping: stdin closed"), "\(server.log())")
    await server.stop()  // idempotent
    #expect(shared.isRunning)
  }
}
