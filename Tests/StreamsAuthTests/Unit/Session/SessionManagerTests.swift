import Foundation
import Streams
@testable import StreamsAuth
import StreamsTest
import Testing

/// The session manager and the token store.
@Suite("Session manager", .timeLimit(.minutes(1)))
struct SessionManagerTests {
  @Test("validSession refreshes inside when needed; accessToken and userID read without optionals")
  func validSession() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let session = SessionManager(refresher: refresher, scheduler: scheduler)
    #expect(session.accessToken == .failure(.notSignedIn))
    #expect(session.userID == .failure(.notSignedIn))
    await #expect(throws: AuthError.notSignedIn) { try await session.validSession() }
    try await session.signIn(.test(expiresAt: scheduler.now.addingTimeInterval(100)))
    #expect(try session.accessToken.get() == "at-0")
    #expect(try session.userID.get() == "user-1")
    scheduler.advanceTo(scheduler.clock + 100)
    #expect(session.accessToken == .failure(.credentialExpired))
    #expect(try await session.validSession().accessToken == "at-1")
    #expect(try session.accessToken.get() == "at-1")
    #expect(refresher.log.current.calls == 1)
    try await session.signIn(.test(access: "x", userID: nil))
    #expect(session.userID == .failure(.userIDUnavailable))
  }

  @Test("Events as an AsyncSequence: initialSession, signedIn, tokenRefreshed, refreshFailed, signedOut")
  func eventStream() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let storage = InMemoryCredentialStorage(.test())
    let session = SessionManager(refresher: refresher, storage: storage, scheduler: scheduler)
    let collected = Observed<[SessionEvent]>([])
    let listener = Task {
      for await event in session.eventStream {
        collected.update { $0.append(event) }
      }
    }
    try await session.restore()
    #expect(await collected.until { $0.count == 1 })
    let generation = session.current!.generation
    _ = try await session.refresh(ifGeneration: generation)
    let failure = AuthError.tokenEndpoint(statusCode: 500, error: nil)
    refresher.script(.failure(failure))
    _ = try? await session.refresh(ifGeneration: session.current!.generation)
    try await session.signOut()
    try await session.signIn(.test(access: "b"))
    #expect(await collected.until { $0.count == 5 })
    let events = collected.current
    #expect(events.first == .initialSession(.test()))
    #expect(events.dropFirst(2) == [.refreshFailed(failure), .signedOut(.requested), .signedIn(.test(access: "b"))])
    let kinds = collected.current.map { event -> String in
      switch event {
      case .initialSession: return "initialSession"
      case .signedIn: return "signedIn"
      case .tokenRefreshed: return "tokenRefreshed"
      case .refreshFailed: return "refreshFailed"
      case .signedOut: return "signedOut"
      }
    }
    #expect(kinds == ["initialSession", "tokenRefreshed", "refreshFailed", "signedOut", "signedIn"])
    listener.cancel()
  }

  @Test("A subscriber after the restore gets initialSession first, then live events")
  func lateSubscriber() async throws {
    let session = SessionManager(
      refresher: ScriptedRefresher(), storage: InMemoryCredentialStorage())
    try await session.restore()
    let recorder = EventRecorder(session.events)
    #expect(await recorder.events.until { $0 == [.initialSession(nil)] })
    try await session.signIn(.test())
    #expect(await recorder.events.until { $0 == [.initialSession(nil), .signedIn(.test())] })
  }

  @Test("The proactive timer refreshes at expiresAt − leeway in virtual time, re-arms, and stops")
  func proactiveTimer() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    refresher.lifetime = 100
    let session = SessionManager(refresher: refresher, scheduler: scheduler, policy: RefreshPolicy(leeway: 30))
    let recorder = EventRecorder(session.events)
    try await session.signIn(.test(expiresAt: scheduler.now.addingTimeInterval(100)))
    session.startAutoRefresh()
    #expect(session.isAutoRefreshing)
    scheduler.advanceTo(69)
    #expect(refresher.log.current.calls == 0)
    scheduler.advanceTo(70)
    #expect(await refresher.log.until { $0.finished == 1 })
    #expect(await recorder.events.until { $0.count == 2 })
    // Re-armed for the new credential (issued at 70 for 100 s, so the leeway is capped at a
    // quarter of its lifetime, 25 s): fires at 145.
    scheduler.advanceTo(144)
    #expect(refresher.log.current.calls == 1)
    scheduler.advanceTo(145)
    #expect(await refresher.log.until { $0.finished == 2 })
    #expect(await recorder.events.until { $0.count == 3 })
    session.stopAutoRefresh()
    #expect(!session.isAutoRefreshing)
    scheduler.advanceTo(1_000)
    #expect(refresher.log.current.calls == 2)
  }

  @Test("A proactive timer that fires before the credential is due re-arms for a later instant, not the same one")
  func proactiveTimerFiringEarly() async throws {
    // 1-second ticks without the processing delay (as a HistoricalScheduler keeps time): the first
    // wait, 70.4 s, fires at tick 70, 0.4 s before the credential is due; a re-arm for the
    // remaining 0.4 s would round to the same tick and fire again forever.
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let session = SessionManager(refresher: refresher, scheduler: scheduler, policy: RefreshPolicy(leeway: 30))
    try await session.signIn(.test(expiresAt: scheduler.now.addingTimeInterval(100.4)))
    session.startAutoRefresh()
    let advanced = Gate()
    Thread.detachNewThread {
      scheduler.advanceTo(75)
      advanced.open()
    }
    #expect(await advanced.wait(seconds: 10), "advanceTo(75) never returned: the timer re-armed at one instant")
    #expect(await refresher.log.until { $0.finished == 1 })
    session.stopAutoRefresh()
  }

  @Test("Concurrent validSession callers coalesce onto one refresh and all get its first response")
  func tokenStoreCoalesces() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let store = SessionManager(refresher: refresher, scheduler: scheduler)
    try await store.signIn(.test(expiresAt: scheduler.now))
    let gate = refresher.holdNext()
    let callers = (0..<10).map { _ in Task { try await store.validSession() } }
    await refresher.log.until { $0.calls == 1 }
    gate.open()
    var tokens: Set<String> = []
    for caller in callers { tokens.insert(try await caller.value.accessToken) }
    #expect(tokens == ["at-1"])
    #expect(refresher.log.current.calls == 1)
  }

  @Test("Exclusive entry points run one at a time, in order; a cancelled one leaves the queue at once")
  func exclusiveEntryPoints() async throws {
    let store = SessionManager(refresher: ScriptedRefresher())
    let log = Observed<[String]>([])
    let firstGate = Gate()
    let first = Task {
      try await store.exclusive {
        log.update { $0.append("first in") }
        try await firstGate.waitUnlessCancelled()
        log.update { $0.append("first out") }
      }
    }
    await log.until { $0 == ["first in"] }
    let cancelled = Task {
      try await store.exclusive { log.update { $0.append("cancelled ran") } }
    }
    let second = Task {
      try await store.exclusive { log.update { $0.append("second") } }
    }
    cancelled.cancel()
    await #expect(throws: AuthError.cancelled) { try await cancelled.value }
    #expect(log.current == ["first in"])
    firstGate.open()
    try await first.value
    try await second.value
    #expect(log.current == ["first in", "first out", "second"])
  }

  @Test("Sign-in flows do not overlap")
  func signInFlowsSerialize() async throws {
    let store = SessionManager(refresher: ScriptedRefresher())
    let active = Observed((now: 0, max: 0))
    let flows = (0..<5).map { index in
      Task {
        try await store.signIn {
          active.update {
            $0.now += 1; $0.max = max($0.max, $0.now)
          }
          await Task.yield()
          active.update { $0.now -= 1 }
          return .test(access: "at-\(index)")
        }
      }
    }
    for flow in flows { _ = try await flow.value }
    #expect(active.current.max == 1)
  }

  @Test("Typed failures tell network, server, account and cancellation apart")
  func errorKinds() async throws {
    let scheduler = TestScheduler(initialClock: 0)
    let refresher = ScriptedRefresher(scheduler: scheduler)
    let session = SessionManager(refresher: refresher, scheduler: scheduler)
    try await session.signIn(.test(expiresAt: scheduler.now))
    let cases: [(AuthError, AuthError.Kind)] = [
      (.network(TransportError(.notConnected)), .network),
      (.tokenEndpoint(statusCode: 502, error: nil), .server),
      (.refreshRejected(OAuthErrorResponse(code: "invalid_grant")), .account),
    ]
    for (error, kind) in cases {
      if session.current == nil { try await session.signIn(.test(expiresAt: scheduler.now)) }
      scheduler.advanceTo(scheduler.clock + 60)
      refresher.script(.failure(error))
      do {
        _ = try await session.validSession()
        Issue.record("expected \(error)")
      } catch {
        #expect(error.kind == kind)
      }
    }
    try await session.signIn(.test(expiresAt: scheduler.now))
    let gate = refresher.holdNext()
    let waiting = Task { try await session.validSession() }
    await refresher.log.until { $0.calls == 4 }
    waiting.cancel()
    do {
      _ = try await waiting.value
    } catch {
      #expect((error as? AuthError)?.kind == .cancelled)
    }
    gate.open()
  }
}
