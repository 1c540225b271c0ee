import Foundation
import OAuthSimulation
import Streams
import StreamsTest
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every waiter of a generation gets that generation's outcome: late compare-and-refresh calls,
/// late 401s, parallel requests, in virtual time.
@Suite("Session waiters: every waiter of a generation gets its outcome", .timeLimit(.minutes(3)))
struct SessionWaitersTests {
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

  @Test("A session remembers the flights of its last four generations only, and lets the others go")
  func flightsAreForgotten() async throws {
    let refresher = ScriptedRefresher()
    // Ten renewals of tokens the server rejects at once would trip the loop breaker: raise it.
    let policy = RefreshPolicy(window: RefreshWindow(maximumRefreshes: 20))
    let session = SessionManager(refresher: refresher, policy: policy)
    try await session.signIn(.test())
    weak var first: SessionEngine.Flight?
    for round in 0..<10 {
      let generation = try #require(session.current).generation
      #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-\(round + 1)")
      if round == 0 { first = session.engine.state.withLock { $0.flights.values.first } }
      // However late, the generation's waiters get its outcome (no second refresh) while it is remembered.
      #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-\(round + 1)")
    }
    #expect(refresher.log.current.calls == 10)
    #expect(session.engine.state.withLock { $0.flights.count } == SessionStateMachine.settledMemory)
    #expect(first == nil, "the first flight outlived the machine's memory of it")
  }
}
