import Foundation
import OAuthSimulation
import Streams
import StreamsTest
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Late waiters of a generation, the token endpoint's and signed-out requests' headers, and
/// short-lived tokens, in virtual time.
@Suite("Hardening: late waiters, where the bearer goes, short-lived tokens", .timeLimit(.minutes(3)))
struct HardeningTests {
  // MARK: Every waiter of a generation gets that generation's outcome

  @Test("50 compare-and-refresh calls for a generation, spread over time after its fatal refresh, get its error")
  func lateWaitersOfAFatalRefresh() async throws {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.5)  // ticks of half a second
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let session = SessionManager(refresher: refresher, scheduler: scheduler)
    let recorder = EventRecorder(session.events)
    try await session.signIn(.test())
    let generation = try #require(session.current).generation
    let rejection = AuthError.refreshRejected(OAuthErrorResponse(code: "invalid_grant"))
    refresher.script(.failure(rejection))
    await #expect(throws: rejection) { try await session.refresh(ifGeneration: generation) }
    for _ in 0..<50 {
      scheduler.advanceTo(scheduler.clock + 1)
      await #expect(throws: rejection) { try await session.refresh(ifGeneration: generation) }
      await #expect(throws: rejection) { try await session.rx.refresh(ifGeneration: generation).value }
    }
    // Anything that is not a waiter of the rejected generation: no one is signed in.
    await #expect(throws: AuthError.notSignedIn) { try await session.validSession() }
    #expect(refresher.log.current.calls == 1)
    #expect(recorder.events.current.filter { $0 == .signedOut(.refreshRejected(rejection)) }.count == 1)
  }

  @Test("A late 401 of a renewed generation retries with the new token; of a temporarily failed one, gets its error")
  func lateWaitersOfOtherOutcomes() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let session = SessionManager(
      refresher: refresher, scheduler: scheduler, policy: RefreshPolicy(temporaryFailureCooldown: 10))
    try await session.signIn(.test())
    let first = try #require(session.current).generation
    let renewed = try await session.refresh(ifGeneration: first)
    scheduler.advanceTo(scheduler.clock + 5)
    #expect(try await session.refresh(ifGeneration: first) == renewed)
    let outage = AuthError.tokenEndpoint(statusCode: 503, error: nil)
    refresher.script(.failure(outage))
    await #expect(throws: outage) { try await session.refresh(ifGeneration: renewed.generation) }
    scheduler.advanceTo(scheduler.clock + 5)
    await #expect(throws: outage) { try await session.refresh(ifGeneration: renewed.generation) }
    #expect(refresher.log.current.calls == 2)
  }

  @Test("50 parallel requests whose 401s arrive one by one after the fatal refresh all fail with its error")
  func lateRequestsAfterAFatalRefresh() async throws {
    let server = OAuthServerSimulation()
    let transport = GatedTransport(base: server, tokenEndpoint: server.tokenEndpoint)
    let session = SessionManager(oauth: server.oauthConfiguration, transport: transport)
    let credential = server.signIn(userID: "ada", clientKnowsExpiry: false)
    try await session.signIn(credential)
    server.expireAccessTokens()
    server.revokeFamily(of: try #require(credential.refreshToken))
    let count = 50
    let gates = (0..<count).map { _ in Gate() }
    transport.holdResourceRequests { number in number <= count ? gates[number - 1] : nil }
    let client = HTTPClient(
      transport: transport, interceptors: [session.interceptor(hosts: [server.resourceURL.host!])])
    let errors = Observed<[AuthError?]>([])
    let requests = (0..<count).map { _ in
      Task {
        do {
          _ = try await client.send(URLRequest(url: server.resourceURL))
          errors.update { $0.append(nil) }
        } catch {
          errors.update { $0.append(error as? AuthError) }
        }
      }
    }
    #expect(await transport.traffic.until { $0.resourceRequests == count })
    // The first 401 refreshes, and the refresh is rejected; the others' 401s come later, one at a time.
    for (index, gate) in gates.enumerated() {
      gate.open()
      #expect(await errors.until { $0.count == index + 1 })
    }
    for request in requests { await request.value }
    let first = try #require(errors.current.first ?? nil)
    guard case .refreshRejected = first else {
      Issue.record("expected a rejected refresh, got \(first)")
      return
    }
    #expect(errors.current.allSatisfy { $0 == first })
    #expect(transport.traffic.current.tokenRequests == 1)
  }

  // MARK: Where the bearer goes

  @Test("The token endpoint never gets the bearer, even on a protected host; unprotected requests go out signed out")
  func bearerOnlyWhereItBelongs() async throws {
    let tokenURL = URL(string: "https://api.example.com/o/token/")!
    let headers = Observed<[String: String?]>([:])
    let transport = TestTransport { request in
      headers.update { $0[request.url!.absoluteString] = request.value(forHTTPHeaderField: "Authorization") }
      return jsonResponse(200, "{}", url: request.url)
    }
    let session = SessionManager(
      oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: "app"), transport: transport)
    let client = HTTPClient(transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])])
    let resource = URL(string: "https://api.example.com/me")!
    let elsewhere = URL(string: "https://cdn.example.com/logo.png")!
    // Signed out: the sign-in call and other hosts go out unchanged; the protected API does not.
    var signInCall = URLRequest(url: tokenURL)
    signInCall.httpMethod = "POST"
    #expect(try await client.send(signInCall).statusCode == 200)
    #expect(try await client.send(URLRequest(url: elsewhere)).statusCode == 200)
    await #expect(throws: AuthError.notSignedIn) { try await client.send(URLRequest(url: resource)) }
    // Signed in: the API gets the bearer; the token endpoint on the same host still does not.
    try await session.signIn(.test())
    #expect(try await client.send(URLRequest(url: resource)).statusCode == 200)
    #expect(try await client.send(signInCall).statusCode == 200)
    #expect(headers.current[resource.absoluteString] == .some("Bearer at-0"))
    #expect(headers.current[tokenURL.absoluteString] == .some(nil))
    #expect(headers.current[elsewhere.absoluteString] == .some(nil))
  }

  // MARK: Short-lived tokens

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
      let token = SessionManager.bearerToken(of: request)
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
