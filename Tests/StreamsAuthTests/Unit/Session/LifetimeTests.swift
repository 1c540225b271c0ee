import Foundation
import OAuthSimulation
import Streams
import StreamsTest
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Nothing outlives its client: session managers, their storage, interceptors and waiters are
/// released when their owner lets go, even with a refresh in flight.
@Suite("Lifetimes", .timeLimit(.minutes(1)))
struct LifetimeTests {
  final class Tracked: @unchecked Sendable {}

  @Test("Client, interceptor and session manager are released after use")
  func clientChain() async throws {
    weak var weakSession: SessionManager?
    weak var weakInterceptor: AuthInterceptor?
    weak var weakClient: HTTPClient?
    do {
      let server = OAuthServerSimulation()
      let session = SessionManager(oauth: server.oauthConfiguration, transport: server)
      try await session.signIn(server.signIn(clientKnowsExpiry: false))
      server.expireAccessTokens()
      let interceptor = session.interceptor(hosts: [server.resourceURL.host!])
      let client = HTTPClient(transport: server, interceptors: [interceptor])
      let responses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<10 { group.addTask { try await client.send(URLRequest(url: server.resourceURL)).statusCode } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(responses == Array(repeating: 200, count: 10))
      _ = session.rx.credential().subscribe(onSuccess: { _ in })
      weakSession = session
      weakInterceptor = interceptor
      weakClient = client
    }
    #expect(weakClient == nil)
    #expect(weakInterceptor == nil)
    #expect(weakSession == nil)
  }

  @Test("A session manager released with a refresh in flight fails its waiters and frees them")
  func releasedDuringRefresh() async throws {
    let refresher = ScriptedRefresher()
    let gate = refresher.holdNext()
    weak var weakSession: SessionManager?
    weak var weakTracked: Tracked?
    let outcomes = Observed<[String]>([])
    do {
      let session = SessionManager(refresher: refresher)
      try await session.signIn(.test())
      let generation = session.current!.generation
      let tracked = Tracked()
      weakTracked = tracked
      _ = session.rx.refresh(ifGeneration: generation).subscribe(
        onSuccess: { credential in
          _ = tracked
          outcomes.update { $0.append("success \(credential)") }
        },
        onFailure: { error in
          _ = tracked
          outcomes.update { $0.append("failure \(error)") }
        })
      weakSession = session
    }
    await refresher.log.until { $0.calls == 1 }
    #expect(weakSession == nil)
    #expect(await outcomes.until { $0.count == 1 })
    #expect(outcomes.current == ["failure \(AuthError.sessionReleased)"])
    // The waiter's closure (and what it captured) is gone with it.
    #expect(weakTracked == nil)
    // The refresh task was cancelled and holds nothing of the session.
    await refresher.log.until { $0.cancelled == 1 }
    gate.open()
  }

  @Test("A session manager with a running timer and event subscribers is released")
  func sessionManager() async throws {
    weak var weakSession: SessionManager?
    weak var weakEngine: SessionEngine?
    let ended = Observed(false)
    do {
      let scheduler = TestScheduler(initialClock: 0)
      let session = SessionManager(refresher: ScriptedRefresher(scheduler: scheduler), scheduler: scheduler)
      try await session.signIn(.test(expiresAt: scheduler.now.addingTimeInterval(600)))
      session.startAutoRefresh()
      let stream = session.eventStream
      Task {
        for await _ in stream {}
        ended.update { $0 = true }
      }
      weakSession = session
      weakEngine = session.engine
    }
    #expect(weakSession == nil)
    #expect(weakEngine == nil)
    // The event stream ends when the session manager goes.
    #expect(await ended.until { $0 })
  }

  @Test("A cancelled async waiter leaves nothing behind in the session")
  func cancelledWaiterReleased() async throws {
    let refresher = ScriptedRefresher()
    let session = SessionManager(refresher: refresher)
    try await session.signIn(.test())
    let gate = refresher.holdNext()
    let generation = session.current!.generation
    let waiters = (0..<50).map { _ in Task { try await session.refresh(ifGeneration: generation) } }
    await refresher.log.until { $0.calls == 1 }
    waiters.forEach { $0.cancel() }
    for waiter in waiters { await #expect(throws: AuthError.cancelled) { try await waiter.value } }
    gate.open()
    #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-1")
  }

  @Test("A caller cancelled before it asks after a failure gets cancelled at once and starts no refresh")
  func cancelledBeforeAsking() async throws {
    let (refresher, session, generation) = try await signedIn()
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await session.refresh(ifGeneration: generation)
    }
    await #expect(throws: AuthError.cancelled) { try await caller.value }
    #expect(refresher.log.current.calls == 0)
    #expect(session.engine.state.withLock { $0.machine.refresh == nil })
  }

  @Test("A refresh's replaying subject is made only when the Rx face joins it before its outcome")
  func subjectOnlyForTheRxFace() async throws {
    let (refresher, session, generation) = try await signedIn()
    let gate = refresher.holdNext()
    let asyncWaiter = Task { try await session.refresh(ifGeneration: generation) }
    await refresher.log.until { $0.calls == 1 }
    let flight = try #require(session.engine.state.withLock { $0.flights.values.first })
    #expect(session.engine.state.withLock { _ in flight.signal == nil })
    let early = Observed<[String]>([])
    let subscription = session.rx.refresh(ifGeneration: generation).subscribe(
      onSuccess: { renewed in early.update { $0.append(renewed.credential.accessToken) } })
    defer { subscription.dispose() }
    #expect(session.engine.state.withLock { _ in flight.signal != nil })
    gate.open()
    #expect(try await asyncWaiter.value.credential.accessToken == "at-1")
    #expect(await early.until { $0 == ["at-1"] })
    // The outcome was published and the subject let go; a late Single gets the recorded outcome.
    #expect(session.engine.state.withLock { _ in flight.signal == nil && flight.result != nil })
    #expect(try await session.rx.refresh(ifGeneration: generation).value.credential.accessToken == "at-1")
    #expect(refresher.log.current.calls == 1)
  }

  /// A session signed in with a scripted refresher, and its generation.
  private func signedIn() async throws -> (ScriptedRefresher, SessionManager, Generation) {
    let refresher = ScriptedRefresher()
    let session = SessionManager(refresher: refresher)
    try await session.signIn(.test())
    return (refresher, session, try #require(session.current).generation)
  }
}
