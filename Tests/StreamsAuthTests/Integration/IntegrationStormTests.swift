import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Storms of parallel expired-token requests through `HTTPClient` + `AuthInterceptor` +
/// `SessionManager` over `URLSessionTransport` against django-oauth-toolkit, and the figures
/// for the closing note. One at a time (`.serialized`): a storm is timed, and two big ones at
/// once would only measure each other.
@Suite(
  "Integration: refresh storms against django-oauth-toolkit",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .serialized, .timeLimit(.minutes(3)))
struct IntegrationStormTests {
  @Test(
    "N parallel requests with an expired token: exactly one refresh, no reuse detection, every request succeeds",
    arguments: [1, 2, 50, 500])
  func storm(requests: Int) async throws {
    let rig = try await Live.Rig.make(server: Live.stormServer, connections: max(8, requests))
    // The refresh goes out once every request has had its 401: the worst case, all of them
    // waiting on the one refresh.
    rig.holdTokenRequests(untilResource401: requests)

    let clock = ContinuousClock()
    let started = clock.now
    let outcomes = await rig.sendParallel(requests)
    let elapsed = clock.now - started

    #expect(outcomes.statuses == [200: requests], "\(outcomes.summary)")
    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenCalls == 1)
    #expect(counters.tokenStatuses == ["200": 1])
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
    #expect(counters.resource401 == requests)
    #expect(counters.resource200 == requests)
    #expect(counters.resourceCalls == 2 * requests)  // each retried exactly once
    let traffic = rig.transport.traffic.current
    #expect(traffic.tokenRequests == 1)
    #expect(traffic.unsavedTokenSends == 0, "a request resumed before the rotated credential was saved")
    let renewed = try #require(rig.session.current)
    #expect(renewed.generation.rawValue == rig.initialGeneration.rawValue + 1)
    let info = try await rig.tenant.refreshTokenInfo(try #require(renewed.credential.refreshToken))
    #expect(!info.revoked && info.familyLiveRefreshTokens == 1)
    print(
      "STORM django n=\(requests) wall=\(Live.seconds(elapsed))s refresh_calls=\(counters.refreshCalls) "
        + "reuse=\(counters.reuseDetections) success=\(outcomes.successes)/\(requests) resource_calls=\(counters.resourceCalls)"
    )
  }

  @Test("50 parallel requests with a credential the client knows has expired: one refresh before sending, no 401")
  func proactiveStorm() async throws {
    let requests = 50
    let rig = try await Live.Rig.make(server: Live.stormServer, clientKnowsExpiry: true)
    let outcomes = await rig.sendParallel(requests)

    #expect(outcomes.statuses == [200: requests], "\(outcomes.summary)")
    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.resource401 == 0)
    #expect(counters.resource200 == requests)
    #expect(counters.resourceCalls == requests)
    let renewed = try #require(rig.session.current)
    #expect(rig.transport.traffic.current.resourceTokens == [renewed.credential.accessToken: requests])
    #expect(rig.transport.traffic.current.unsavedTokenSends == 0)
  }

  @Test("Figures: wall time and refresh calls for 10, 100 and 1,000 parallel requests through the session manager")
  func figures() async throws {
    for requests in [10, 100, 1_000] {
      // Nothing held: requests, 401s, the refresh and the retries overlap as they happen to.
      let rig = try await Live.Rig.make(server: Live.stormServer, connections: requests)
      let clock = ContinuousClock()
      let started = clock.now
      let outcomes = await rig.sendParallel(requests)
      let elapsed = clock.now - started

      let counters = try await rig.counters()
      print(
        "FIGURE django n=\(requests) wall=\(Live.seconds(elapsed))s refresh_calls=\(counters.refreshCalls) "
          + "reuse=\(counters.reuseDetections) success=\(outcomes.successes)/\(requests)")
      #expect(outcomes.statuses == [200: requests], "n=\(requests): \(outcomes.summary)")
      #expect(counters.refreshCalls == 1, "n=\(requests)")
      #expect(counters.tokenCalls == 1, "n=\(requests)")
      #expect(counters.reuseDetections == 0, "n=\(requests)")
      #expect(counters.familiesRevoked == 0, "n=\(requests)")
      #expect(counters.resource200 == requests, "n=\(requests)")
      // Requests authorized before the refresh got a 401 and one retry; later ones went
      // straight through with the new token.
      #expect(counters.resource401 >= 1 && counters.resource401 <= requests, "n=\(requests)")
      #expect(counters.resourceCalls == requests + counters.resource401, "n=\(requests)")
      #expect(rig.transport.traffic.current.unsavedTokenSends == 0, "n=\(requests)")
    }
  }
}
