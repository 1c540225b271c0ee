import Foundation
import OAuthSimulation
import Streams
import StreamsTest
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The refresh policy's leeway, and short-lived tokens under the default policy, in virtual time.
@Suite("Refresh policy: the leeway and short-lived tokens", .timeLimit(.minutes(3)))
struct RefreshPolicyTests {
  @Test("The leeway never exceeds a quarter of the issued lifetime")
  func leewayCap() {
    let policy = RefreshPolicy()
    let issued = Date(timeIntervalSince1970: 1_000)
    let short = Credential.test(expiresAt: issued.addingTimeInterval(4)).issued(at: issued)
    let long = Credential.test(expiresAt: issued.addingTimeInterval(3600)).issued(at: issued)
    #expect(policy.leeway(for: short) == 1)
    #expect(policy.leeway(for: long) == 30)
    #expect(policy.leeway(for: .test(expiresAt: issued)) == 30)
    #expect(RefreshPolicy(maximumLeewayFraction: 0.5).leeway(for: short) == 2)
  }

  @Test("4-second tokens, default policy, a request a second for 12 s: all succeed, about one refresh per lifetime")
  func shortLivedTokens() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    refresher.lifetime = 4
    // A breaker that would trip on the second refresh if healthy refreshes counted.
    let session = SessionManager(
      refresher: refresher, scheduler: scheduler,
      policy: RefreshPolicy(window: RefreshWindow(interval: 30, maximumRefreshes: 1)))
    let transport = TestTransport { request in
      // The resource server: a token is valid until its expiry.
      let token = Credential.bearerToken(in: request)
      let valid =
        refresher.log.current.refreshed.isEmpty && token == "at-0"
        || token.map { current in
          session.current?.credential.accessToken == current
            && !(session.current?.credential.isExpired(at: scheduler.now) ?? true)
        } ?? false
      return jsonResponse(valid ? 200 : 401, "{}", url: request.url)
    }
    let client = HTTPClient(transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])])
    try await session.signIn(.test(expiresAt: scheduler.now.addingTimeInterval(4)).issued(at: scheduler.now))
    for _ in 0..<12 {
      #expect(try await client.send(URLRequest(url: URL(string: "https://api.example.com/me")!)).statusCode == 200)
      scheduler.advanceTo(scheduler.clock + 1)
    }
    // Renewed when 1 s (a quarter of 4 s) is left: at 3, 6 and 9 s.
    #expect(refresher.log.current.calls == 3)
  }
}

extension Credential {
  /// The credential with its issue time set.
  func issued(at date: Date) -> Credential {
    var credential = self
    credential.issuedAt = date
    return credential
  }
}
