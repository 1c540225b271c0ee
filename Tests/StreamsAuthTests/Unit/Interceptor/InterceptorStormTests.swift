import Foundation
import OAuthSimulation
import Streams
import StreamsTest
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTPClient + AuthInterceptor + SessionManager against the in-memory OAuth server
/// simulation (rotation and reuse detection), with the test deciding when responses go back.
@Suite("Interceptor storms against the server simulation", .timeLimit(.minutes(1)))
struct InterceptorStormTests {
  struct Setup {
    let server: OAuthServerSimulation
    let transport: GatedTransport
    let session: SessionManager
    let client: HTTPClient
  }

  func makeSetup(clientKnowsExpiry: Bool = false, policy: RefreshPolicy = RefreshPolicy()) async throws -> Setup {
    let server = OAuthServerSimulation()
    let transport = GatedTransport(base: server, tokenEndpoint: server.tokenEndpoint)
    let session = SessionManager(oauth: server.oauthConfiguration, transport: transport, policy: policy)
    try await session.signIn(server.signIn(userID: "ada", clientKnowsExpiry: clientKnowsExpiry))
    server.expireAccessTokens()
    let client = HTTPClient(
      transport: transport,
      interceptors: [
        session.interceptor(hosts: [server.resourceURL.host!], excludedURLs: [server.tokenEndpoint])
      ])
    return Setup(server: server, transport: transport, session: session, client: client)
  }

  @Test(
    "N parallel 401s give exactly one refresh, no reuse detection, and every request succeeds",
    arguments: [1, 2, 50, 500])
  func storm(requests: Int) async throws {
    let setup = try await makeSetup()
    // Every first-round request is in flight with the expired token before any answer comes
    // back, and the token response waits until every request has had its 401.
    let firstRound = Gate()
    setup.transport.holdResourceRequests { $0 <= requests ? firstRound : nil }
    let tokenGate = setup.transport.holdNextTokenResponse()
    let url = setup.server.resourceURL
    let client = setup.client
    let tasks = (0..<requests).map { _ in Task { try await client.send(URLRequest(url: url)) } }
    await firstRound.arrived(requests)
    firstRound.open()
    #expect(await setup.transport.traffic.until { $0.unauthorized == requests && $0.tokenRequests == 1 })
    tokenGate.open()
    var statuses: [Int] = []
    for task in tasks { statuses.append(try await task.value.statusCode) }
    #expect(statuses == Array(repeating: 200, count: requests))
    let statistics = setup.server.statistics
    #expect(statistics.tokenRequests == 1)
    #expect(statistics.reuseDetections == 0)
    // Each request was retried exactly once.
    #expect(statistics.resourceRequests == 2 * requests)
    #expect(setup.server.isSessionActive(try #require(setup.session.current).credential))
  }

  @Test("A 401 that arrives after the refresh retries with the new token: no second refresh")
  func late401() async throws {
    let setup = try await makeSetup()
    let lateGate = Gate()
    // The first request is sent with the expired token but reaches the server only after
    // another request's 401 caused the refresh and that request was retried.
    setup.transport.holdResourceRequests { $0 == 1 ? lateGate : nil }
    let url = setup.server.resourceURL
    let client = setup.client
    let late = Task { try await client.send(URLRequest(url: url)) }
    await lateGate.arrived(1)
    let early = Task { try await client.send(URLRequest(url: url)) }
    #expect(try await early.value.statusCode == 200)
    #expect(setup.server.statistics.tokenRequests == 1)
    lateGate.open()
    #expect(try await late.value.statusCode == 200)
    #expect(setup.server.statistics.tokenRequests == 1)
    #expect(setup.server.statistics.unauthorizedResponses == 2)
    #expect(setup.server.statistics.reuseDetections == 0)
  }

  @Test("A credential known to be expiring is refreshed before sending: no 401 at all")
  func proactive() async throws {
    let setup = try await makeSetup(clientKnowsExpiry: true, policy: RefreshPolicy(leeway: 400))
    let url = setup.server.resourceURL
    let client = setup.client
    let tasks = (0..<20).map { _ in Task { try await client.send(URLRequest(url: url)) } }
    for task in tasks { #expect(try await task.value.statusCode == 200) }
    #expect(setup.server.statistics.tokenRequests == 1)
    #expect(setup.server.statistics.unauthorizedResponses == 0)
  }

  @Test("A resource that always answers 401: one auth retry per request, then the loop breaker")
  func alwaysUnauthorized() async throws {
    let server = OAuthServerSimulation()
    let refreshes = Observed(0)
    let transport = TestTransport { request in
      if request.url?.path == server.tokenEndpoint.path {
        refreshes.update { $0 += 1 }
        return try await server.send(request)
      }
      return jsonResponse(401, "{}", url: request.url, headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])
    }
    let session = SessionManager(
      oauth: server.oauthConfiguration, transport: transport,
      policy: RefreshPolicy(window: RefreshWindow(interval: 60, maximumRefreshes: 3)))
    try await session.signIn(server.signIn())
    let client = HTTPClient(
      transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])])
    let url = URL(string: "https://api.example.com/always-401")!
    // Each request: 401, one refresh, one retry, 401 again: the 401 is returned. The first
    // refresh renews the signed-in token; the next three renew fresh tokens: they did not help.
    for _ in 0..<4 { #expect(try await client.send(URLRequest(url: url)).statusCode == 401) }
    #expect(refreshes.current == 4)
    // The fifth would be the fourth refresh that did not help in the window: the breaker refuses it.
    await #expect(throws: AuthError.excessiveRefresh(refreshes: 3, interval: 60)) {
      try await client.send(URLRequest(url: url))
    }
    #expect(refreshes.current == 4)
    #expect(session.current != nil)
  }

  @Test("A request that keeps failing authentication is retried once, not more")
  func oneAuthRetryPerRequest() async throws {
    let counter = Observed(0)
    let transport = TestTransport { request in
      counter.update { $0 += 1 }
      return jsonResponse(401, "{}", url: request.url)
    }
    let refresher = ScriptedRefresher()
    let session = SessionManager(refresher: refresher)
    try await session.signIn(.test())
    let client = HTTPClient(
      transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])],
      configuration: .init(maximumAttempts: 10))
    let response = try await client.send(URLRequest(url: URL(string: "https://api.example.com/x")!))
    #expect(response.statusCode == 401)
    #expect(counter.current == 2)
    #expect(refresher.log.current.calls == 1)
  }

  /// An attempt a session's interceptor authorized, and the 401 it got; the session keeps virtual
  /// time and a 10-second cooldown after a temporary failure.
  struct FailedAttempt {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher: ScriptedRefresher
    let interceptor: AuthInterceptor
    let adapted: URLRequest
    let context: RequestContext
    let failure: RequestFailure

    init() async throws {
      refresher = ScriptedRefresher(scheduler: scheduler)
      let session = SessionManager(
        refresher: refresher, scheduler: scheduler, policy: RefreshPolicy(temporaryFailureCooldown: 10))
      try await session.signIn(.test())
      interceptor = session.interceptor(hosts: ["api.example.com"])
      let url = URL(string: "https://api.example.com/x")!
      context = RequestContext(originalRequest: URLRequest(url: url))
      adapted = try await interceptor.adapt(URLRequest(url: url), context: context)
      failure = .response(jsonResponse(401, "{}", url: url))
    }

    /// Asks the interceptor about the failure.
    func retry() async -> RetryDecision {
      await interceptor.retry(adapted, context: context, dueTo: failure)
    }
  }

  @Test("Asking the interceptor twice about the same attempt gives the same decision and one refresh")
  func idempotentRetryDecision() async throws {
    let attempt = try await FailedAttempt()
    let decisions = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          if case .retry = await attempt.retry() { return true }
          return false
        }
      }
      var all: [Bool] = []
      for await decision in group { all.append(decision) }
      return all
    }
    #expect(decisions == [true, true, true, true])
    #expect(attempt.refresher.log.current.calls == 1)
    if case .retry = await attempt.retry() {
    } else {
      Issue.record("a repeated question must get the same answer")
    }
    #expect(attempt.refresher.log.current.calls == 1)
  }

  @Test("A failed attempt's decision is kept: asked again after the cooldown, no second refresh, the same error")
  func failedDecisionIsKept() async throws {
    let attempt = try await FailedAttempt()
    let outage = AuthError.tokenEndpoint(statusCode: 503, error: nil)
    attempt.refresher.script(.failure(outage))
    for _ in 0..<2 {
      guard case .doNotRetryWithError(let error) = await attempt.retry() else {
        Issue.record("expected the refresh's error")
        return
      }
      #expect(error as? AuthError == outage)
      // Past the cooldown the session would refresh this credential again; the attempt's
      // decision was made.
      attempt.scheduler.advanceTo(attempt.scheduler.clock + 60)
    }
    #expect(attempt.refresher.log.current.calls == 1)
  }

  @Test("The refresh request bypasses the interceptor: it carries no bearer token")
  func refreshBypassesInterceptor() async throws {
    let setup = try await makeSetup()
    let response = try await setup.client.send(URLRequest(url: setup.server.resourceURL))
    #expect(response.statusCode == 200)
    let headers = setup.transport.traffic.current.authorizationHeaders[setup.server.tokenEndpoint.host!] ?? []
    // All requests share the host here; the token request is the only one without a bearer token.
    #expect(headers.filter { $0 == nil }.count == 1)
    #expect(setup.server.statistics.tokenRequests == 1)
  }
}
