import Foundation
import Streams
import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Nothing outlives its client: coordinators, interceptors, session managers and waiters are
/// released when their owner lets go, even with a refresh in flight.
@Suite("Lifetimes", .timeLimit(.minutes(1)))
struct LifetimeTests {
  final class Tracked: @unchecked Sendable {}

  @Test("Client, interceptor and coordinator are released after use")
  func clientChain() async throws {
    weak var weakCoordinator: RefreshCoordinator?
    weak var weakInterceptor: AuthInterceptor?
    weak var weakClient: HTTPClient?
    do {
      let server = OAuthServerSimulation()
      let coordinator = RefreshCoordinator(oauth: server.oauthConfiguration, transport: server)
      try await coordinator.signIn(server.signIn(clientKnowsExpiry: false))
      server.expireAccessTokens()
      let interceptor = AuthInterceptor(coordinator: coordinator, hosts: [server.resourceURL.host!])
      let client = HTTPClient(transport: server, interceptors: [interceptor])
      let responses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<10 { group.addTask { try await client.send(URLRequest(url: server.resourceURL)).statusCode } }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(responses == Array(repeating: 200, count: 10))
      _ = coordinator.rx.credential().subscribe(onSuccess: { _ in })
      weakCoordinator = coordinator
      weakInterceptor = interceptor
      weakClient = client
    }
    #expect(weakClient == nil)
    #expect(weakInterceptor == nil)
    #expect(weakCoordinator == nil)
  }

  @Test("A coordinator released with a refresh in flight fails its waiters and frees them")
  func releasedDuringRefresh() async throws {
    let refresher = ScriptedRefresher(clock: SystemClock())
    let gate = refresher.holdNext()
    weak var weakCoordinator: RefreshCoordinator?
    weak var weakTracked: Tracked?
    let outcomes = Observed<[String]>([])
    do {
      let coordinator = RefreshCoordinator(refresher: refresher)
      try await coordinator.signIn(.test())
      let generation = coordinator.current!.generation
      let tracked = Tracked()
      weakTracked = tracked
      coordinator.refresh(ifGeneration: generation) { outcome in
        _ = tracked
        outcomes.update { $0.append("callback \(outcome)") }
      }
      weakCoordinator = coordinator
    }
    await refresher.log.until { $0.calls == 1 }
    #expect(weakCoordinator == nil)
    #expect(await outcomes.until { $0.count == 1 })
    #expect(outcomes.current == ["callback failure(\(AuthError.coordinatorReleased))"])
    // The waiter's closure (and what it captured) is gone with it.
    #expect(weakTracked == nil)
    // The refresh task was cancelled and holds nothing of the coordinator.
    await refresher.log.until { $0.cancelled == 1 }
    gate.open()
  }

  @Test("A session manager with a running timer and event subscribers is released")
  func sessionManager() async throws {
    weak var weakSession: SessionManager?
    weak var weakCoordinator: RefreshCoordinator?
    let ended = Observed(false)
    do {
      let clock = ManualClock()
      let session = SessionManager(
        coordinator: RefreshCoordinator(refresher: ScriptedRefresher(clock: clock), clock: clock))
      try await session.signIn(.test(expiresAt: clock.now.addingTimeInterval(600)))
      session.startAutoRefresh()
      let stream = session.eventStream
      Task {
        for await _ in stream {}
        ended.update { $0 = true }
      }
      weakSession = session
      weakCoordinator = session.coordinator
    }
    #expect(weakSession == nil)
    #expect(weakCoordinator == nil)
    // The event stream ends when the coordinator goes.
    #expect(await ended.until { $0 })
  }

  @Test("A cancelled async waiter leaves nothing behind in the coordinator")
  func cancelledWaiterReleased() async throws {
    let refresher = ScriptedRefresher(clock: SystemClock())
    let coordinator = RefreshCoordinator(refresher: refresher)
    try await coordinator.signIn(.test())
    let gate = refresher.holdNext()
    let generation = coordinator.current!.generation
    let waiters = (0..<50).map { _ in Task { try await coordinator.refresh(ifGeneration: generation) } }
    await refresher.log.until { $0.calls == 1 }
    waiters.forEach { $0.cancel() }
    for waiter in waiters { await #expect(throws: AuthError.cancelled) { try await waiter.value } }
    gate.open()
    #expect(try await coordinator.refresh(ifGeneration: generation).credential.accessToken == "at-1")
  }
}
