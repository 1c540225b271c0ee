import Foundation
import Streams
import StreamsTest
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@testable import StreamsAuth

/// Every rule of the session manager, with a scripted refresher and virtual time.
@Suite("Session rules", .timeLimit(.minutes(1)))
struct SessionRulesTests {
  let scheduler = TestScheduler(initialClock: 0)
  let refresher: ScriptedRefresher
  let storage = RecordingStorage()

  init() {
    refresher = ScriptedRefresher(scheduler: scheduler)
  }

  func makeSession(policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil) -> SessionManager {
    SessionManager(refresher: refresher, storage: storage, scheduler: scheduler, policy: policy, log: log)
  }

  func signedIn(_ session: SessionManager, _ credential: Credential = .test()) async throws -> Generation {
    try await session.signIn(credential)
    return try #require(session.current).generation
  }

  @Test("Parallel waiters for one generation share one refresh and get the same credential")
  func singleFlight() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let results = Observed<[VersionedCredential]>([])
    let waiters = (0..<20).map { _ in
      Task {
        let credential = try await session.refresh(ifGeneration: generation)
        results.update { $0.append(credential) }
      }
    }
    await refresher.log.until { $0.calls == 1 }
    gate.open()
    for waiter in waiters { try await waiter.value }
    #expect(refresher.log.current.calls == 1)
    #expect(Set(results.current.map(\.credential.accessToken)) == ["at-1"])
    #expect(Set(results.current.map(\.generation)) == [Generation(generation.rawValue + 1)])
  }

  @Test("Compare-and-refresh: a stale generation gets the current credential with no refresh")
  func staleGeneration() async throws {
    let session = makeSession()
    let first = try await signedIn(session)
    let renewed = try await session.refresh(ifGeneration: first)
    let late = try await session.refresh(ifGeneration: first)
    #expect(late == renewed)
    #expect(refresher.log.current.calls == 1)
    // A request that carried the replaced token (Alamofire's form) behaves the same.
    var request = URLRequest(url: URL(string: "https://api.example.com")!)
    request.setValue("Bearer at-0", forHTTPHeaderField: "Authorization")
    #expect(try await session.refresh(afterFailureOf: request) == renewed.credential)
    #expect(refresher.log.current.calls == 1)
    request.setValue("Bearer at-1", forHTTPHeaderField: "Authorization")
    #expect(try await session.refresh(afterFailureOf: request).accessToken == "at-2")
    #expect(refresher.log.current.calls == 2)
  }

  @Test("A temporary failure reaches every waiter once, keeps the session and is memoized per generation")
  func failureMemo() async throws {
    let session = makeSession(policy: RefreshPolicy(temporaryFailureCooldown: 10))
    let recorder = EventRecorder(session.events)
    let generation = try await signedIn(session)
    let failure = AuthError.tokenEndpoint(statusCode: 503, error: nil)
    let gate = refresher.holdNext()
    refresher.script(.failure(failure))
    let waiters = (0..<5).map { _ in
      Task { () -> AuthError? in
        do {
          _ = try await session.refresh(ifGeneration: generation)
          return nil
        } catch {
          return error as? AuthError
        }
      }
    }
    await refresher.log.until { $0.calls == 1 }
    gate.open()
    for waiter in waiters { #expect(await waiter.value == failure) }
    // The same generation is not refreshed again: the memo answers.
    await #expect(throws: failure) { try await session.refresh(ifGeneration: generation) }
    #expect(refresher.log.current.calls == 1)
    #expect(session.current?.credential == .test())
    #expect(storage.events.current == ["save at-0"])
    #expect(recorder.events.current.filter { $0 == .refreshFailed(failure) }.count == 1)
    // After the cooldown the generation may be tried again.
    scheduler.advanceTo(scheduler.clock + 10)
    #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-2")
    #expect(refresher.log.current.calls == 2)
  }

  @Test("With a real scheduler the cooldown is monotonic: moving the wall clock an hour on does not end it")
  func cooldownIgnoresWallClock() async throws {
    let wall = MovableClockScheduler()
    let refresher = ScriptedRefresher(scheduler: wall)
    let session = SessionManager(
      refresher: refresher, scheduler: wall, policy: RefreshPolicy(temporaryFailureCooldown: 60))
    let generation = try await signedIn(session)
    let failure = AuthError.tokenEndpoint(statusCode: 503, error: nil)
    refresher.script(.failure(failure))
    await #expect(throws: failure) { try await session.refresh(ifGeneration: generation) }
    wall.moveClock(by: 3_600)
    await #expect(throws: failure) { try await session.refresh(ifGeneration: generation) }
    #expect(refresher.log.current.calls == 1)
  }

  @Test("Through a scheduler that wraps a virtual one, the cooldown is measured on the virtual clock")
  func cooldownFollowsWrappedVirtualClock() async throws {
    let wrapped = CountingScheduler(scheduler)
    let session = SessionManager(
      refresher: refresher, storage: storage, scheduler: wrapped, policy: RefreshPolicy(temporaryFailureCooldown: 60))
    let generation = try await signedIn(session)
    let failure = AuthError.tokenEndpoint(statusCode: 503, error: nil)
    refresher.script(.failure(failure))
    await #expect(throws: failure) { try await session.refresh(ifGeneration: generation) }
    scheduler.advanceTo(scheduler.clock + 59)
    await #expect(throws: failure) { try await session.refresh(ifGeneration: generation) }
    #expect(refresher.log.current.calls == 1)
    scheduler.advanceTo(scheduler.clock + 1)
    #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-2")
    #expect(refresher.log.current.calls == 2)
  }

  @Test("A fatal failure clears the session once, tells every waiter, and stops refreshing")
  func fatalFailure() async throws {
    let session = makeSession()
    let recorder = EventRecorder(session.events)
    let generation = try await signedIn(session)
    let rejection = AuthError.refreshRejected(OAuthErrorResponse(code: "invalid_grant"))
    let gate = refresher.holdNext()
    refresher.script(.failure(rejection))
    let waiters = (0..<5).map { _ in
      Task { () -> AuthError? in
        do {
          _ = try await session.refresh(ifGeneration: generation)
          return nil
        } catch {
          return error as? AuthError
        }
      }
    }
    await refresher.log.until { $0.calls == 1 }
    gate.open()
    for waiter in waiters { #expect(await waiter.value == rejection) }
    #expect(session.current == nil)
    #expect(storage.credential == nil)
    #expect(storage.events.current == ["save at-0", "load", "clear"])
    // A late 401 of the rejected generation gets the same typed error; anything else: no session.
    await #expect(throws: rejection) { try await session.refresh(ifGeneration: generation) }
    await #expect(throws: AuthError.notSignedIn) { try await session.credential() }
    #expect(refresher.log.current.calls == 1)
    #expect(recorder.events.current.filter { $0 == .signedOut(.refreshRejected(rejection)) }.count == 1)
    #expect(recorder.events.current.last == .signedOut(.refreshRejected(rejection)))
  }

  @Test("After a rejection, a credential another process stored meanwhile is adopted")
  func rejectionRereadsStorage() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    refresher.script(.failure(.refreshRejected(OAuthErrorResponse(code: "invalid_grant"))))
    let waiter = Task { try await session.refresh(ifGeneration: generation) }
    await refresher.log.until { $0.calls == 1 }
    let rotatedElsewhere = Credential.test(access: "at-ext", refresh: "rt-ext")
    storage.replaceBehindTheScenes(rotatedElsewhere)
    gate.open()
    #expect(try await waiter.value.credential == rotatedElsewhere)
    #expect(session.current?.credential == rotatedElsewhere)
  }

  @Test("The loop breaker refuses the refresh after N that did not help within the window, once per generation")
  func loopBreaker() async throws {
    let policy = RefreshPolicy(window: RefreshWindow(interval: 30, maximumRefreshes: 3))
    let session = makeSession(policy: policy)
    let recorder = EventRecorder(session.events)
    var generation = try await signedIn(session)
    // The first refresh renews the signed-in credential; the next three renew fresh tokens that
    // were rejected at once: those three did not help.
    for _ in 0..<4 {
      generation = try await session.refresh(ifGeneration: generation).generation
      scheduler.advanceTo(scheduler.clock + 1)
    }
    let excessive = AuthError.excessiveRefresh(refreshes: 3, interval: 30)
    await #expect(throws: excessive) { try await session.refresh(ifGeneration: generation) }
    await #expect(throws: excessive) { try await session.refresh(ifGeneration: generation) }
    #expect(refresher.log.current.calls == 4)
    #expect(recorder.events.current.filter { $0 == .refreshFailed(excessive) }.count == 1)
    #expect(excessive.kind == .client)
    scheduler.advanceTo(scheduler.clock + 30)
    #expect(try await session.refresh(ifGeneration: generation).credential.accessToken == "at-5")
  }

  @Test("Sign-out during a refresh: waiters fail at once, the late result is discarded, nothing stored")
  func signOutDuringRefresh() async throws {
    let session = makeSession()
    let recorder = EventRecorder(session.events)
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let waiter = Task { try await session.refresh(ifGeneration: generation) }
    await refresher.log.until { $0.calls == 1 }
    try await session.signOut()
    await #expect(throws: AuthError.sessionEnded) { try await waiter.value }
    gate.open()
    await refresher.log.until { $0.cancelled + $0.finished == 1 }
    #expect(refresher.log.current.cancelled == 1)
    #expect(session.current == nil)
    #expect(storage.events.current == ["save at-0", "clear"])
    #expect(
      recorder.events.current.contains { if case .tokenRefreshed = $0 { return true } else { return false } } == false)
    #expect(recorder.events.current.last == .signedOut(.requested))
  }

  @Test("Sign-out during a refresh: the store is cleared before the waiters hear that the session ended")
  func signOutClearsBeforeWaitersFail() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let storedWhenFailed = Observed<[String]?>(nil)
    let subscription = session.rx.refresh(ifGeneration: generation).subscribe(
      onSuccess: { _ in Issue.record("the refresh outlived the sign-out") },
      onFailure: { _ in storedWhenFailed.update { $0 = self.storage.events.current } })
    await refresher.log.until { $0.calls == 1 }
    try await session.signOut()
    #expect(storedWhenFailed.current == ["save at-0", "clear"])
    gate.open()
    subscription.dispose()
  }

  @Test("A refresh result that arrives after a new sign-in does not overwrite the new session")
  func epochDiscardsLateResult() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    // A refresher that ignores cancellation: its result arrives after the sign-in anyway.
    let gate = refresher.holdNext()
    let waiter = Task { try await session.refresh(ifGeneration: generation) }
    await refresher.log.until { $0.calls == 1 }
    let other = Credential.test(access: "at-bob", refresh: "rt-bob", userID: "bob")
    try await session.signIn(other)
    await #expect(throws: AuthError.sessionEnded) { try await waiter.value }
    gate.open()
    await refresher.log.until { $0.cancelled + $0.finished == 1 }
    #expect(session.current?.credential == other)
    #expect(storage.credential == other)
  }

  @Test("The machine drops a result whose refresh no longer counts, even if the refresher ignored cancellation")
  func machineDiscardsStaleResult() {
    var machine = SessionStateMachine(policy: RefreshPolicy())
    _ = machine.transition(.signedIn(.test()))
    let start = Date(timeIntervalSince1970: 0)
    let requested = machine.transition(.requested(.afterFailure(machine.generation), now: start, uptime: 0))
    guard case .join(let flight, proactive: false) = requested.answer,
      requested.actions.contains(where: { if case .startRefresh(flight, _) = $0 { true } else { false } })
    else {
      Issue.record("expected a refresh to start, got \(requested)")
      return
    }
    let signedOut = machine.transition(.signedOut(.requested))
    #expect(signedOut.actions.contains { if case .cancelRefresh(flight) = $0 { true } else { false } })
    let late = machine.transition(
      .refreshReturned(flight: flight, .success(.test(access: "late")), adopted: false, now: start, uptime: 1))
    #expect(!late.actions.contains { if case .saveRenewal = $0 { true } else { false } })
    #expect(late.actions.contains { if case .log(.warning, .discarded(flight)) = $0 { true } else { false } })
    #expect(machine.credential == nil)
  }

  @Test("The renewed credential is saved before any waiter resumes")
  func saveBeforeResume() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let order = storage.events
    let storage = self.storage
    let waiters = (0..<10).map { index in
      Task {
        _ = try await session.refresh(ifGeneration: generation)
        // At the moment a waiter resumes, the storage already holds the new credential.
        order.update { $0.append(storage.credential?.accessToken == "at-1" ? "resumed \(index)" : "EARLY \(index)") }
      }
    }
    await refresher.log.until { $0.calls == 1 }
    gate.open()
    for waiter in waiters { try await waiter.value }
    let log = order.current
    let saveIndex = try #require(log.firstIndex(of: "save at-1"))
    let resumed = log.indices.filter { log[$0].hasPrefix("resumed") }
    #expect(resumed.count == 10)
    #expect(resumed.allSatisfy { $0 > saveIndex })
    #expect(!log.contains { $0.hasPrefix("EARLY") })
  }

  @Test("A save failure still installs the renewed credential (the old refresh token is already spent)")
  func saveFailureKeepsCredential() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    storage.failSaves = true
    let renewed = try await session.refresh(ifGeneration: generation)
    #expect(renewed.credential.accessToken == "at-1")
    #expect(session.current == renewed)
  }

  @Test("A cancelled waiter leaves at once; the shared refresh carries on for the others")
  func cancelledWaiter() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let leaving = Task { try await session.refresh(ifGeneration: generation) }
    let staying = Task { try await session.refresh(ifGeneration: generation) }
    await refresher.log.until { $0.calls == 1 }
    leaving.cancel()
    // Resolves before the gate opens.
    await #expect(throws: AuthError.cancelled) { try await leaving.value }
    #expect(refresher.log.current.cancelled == 0)
    gate.open()
    #expect(try await staying.value.credential.accessToken == "at-1")
    #expect(refresher.log.current.calls == 1)
    #expect(refresher.log.current.cancelled == 0)
  }

  @Test("credential() refreshes within the leeway, not before; a failed proactive refresh keeps a working token")
  func proactiveRefresh() async throws {
    let session = makeSession(policy: RefreshPolicy(leeway: 30, temporaryFailureCooldown: 60))
    _ = try await signedIn(session, .test(expiresAt: scheduler.now.addingTimeInterval(100)))
    #expect(try await session.credential().credential.accessToken == "at-0")
    #expect(refresher.log.current.calls == 0)
    scheduler.advanceTo(scheduler.clock + 70)
    refresher.script(.failure(.network(TransportError(.timedOut))))
    // Within the leeway but not expired: the failure does not fail the caller.
    #expect(try await session.credential().credential.accessToken == "at-0")
    #expect(refresher.log.current.calls == 1)
    scheduler.advanceTo(scheduler.clock + 30)
    // Expired, and the failure is memoized for the cooldown: the caller gets the error.
    await #expect(throws: AuthError.network(TransportError(.timedOut))) { try await session.credential() }
    #expect(refresher.log.current.calls == 1)
    scheduler.advanceTo(scheduler.clock + 30)
    #expect(try await session.credential().credential.accessToken == "at-2")
  }

  @Test("The Rx face keeps a working token after a temporary failure of the refresh it joined proactively")
  func rxProactiveKeepsWorkingToken() async throws {
    let session = makeSession(policy: RefreshPolicy(leeway: 30, temporaryFailureCooldown: 60))
    _ = try await signedIn(session, .test(expiresAt: scheduler.now.addingTimeInterval(100)))
    scheduler.advanceTo(scheduler.clock + 70)
    let gate = refresher.holdNext()
    refresher.script(.failure(.network(TransportError(.timedOut))))
    let proactive = Observed<[String]>([])
    let afterFailure = Observed<[String]>([])
    // Both join the one flight: the proactive caller gets the token that still works, the caller
    // whose request failed authentication gets the refresh's typed error.
    let generation = try #require(session.current).generation
    _ = session.rx.refresh(ifGeneration: generation).subscribe(
      onSuccess: { renewed in afterFailure.update { $0.append("renewed: \(renewed)") } },
      onFailure: { error in afterFailure.update { $0.append("\(error)") } })
    await refresher.log.until { $0.calls == 1 }
    _ = session.rx.validSession().subscribe(
      onSuccess: { credential in proactive.update { $0.append(credential.accessToken) } },
      onFailure: { error in proactive.update { $0.append("failed: \(error)") } })
    gate.open()
    #expect(await proactive.until { $0 == ["at-0"] })
    #expect(await afterFailure.until { $0 == ["\(AuthError.network(TransportError(.timedOut)))"] })
    #expect(refresher.log.current.calls == 1)
  }

  @Test(
    "The proactive timer: armed for the credential, re-armed by a refresh, stale firings ignored, disarmed at sign-out")
  func machineTimer() {
    let policy = RefreshPolicy(leeway: 30, temporaryFailureCooldown: 60)
    var machine = SessionStateMachine(policy: policy)
    let start = Date(timeIntervalSince1970: 1_000)
    let credential = Credential.test(expiresAt: start.addingTimeInterval(100))
    _ = machine.transition(.signedIn(credential))
    let armed = machine.transition(.autoRefreshStarted).actions.compactMap { action -> UInt64? in
      guard case .armTimer(let token, .at(let deadline, minimumWait: 0)) = action,
        deadline == credential.expiresAt!.addingTimeInterval(-policy.leeway(for: credential))
      else { return nil }
      return token
    }
    guard let token = armed.first, armed.count == 1 else {
      Issue.record("expected one timer for expiresAt − leeway, got \(armed)")
      return
    }
    // Fired early: re-armed at least a second on, no refresh.
    let early = machine.transition(.timerFired(token: token, now: start, uptime: 0)).actions
    guard case .armTimer(let next, .at(_, minimumWait: 1))? = early.first, early.count == 1 else {
      Issue.record("expected a re-arm a second on, got \(early)")
      return
    }
    // The earlier timer fires into nothing.
    #expect(
      machine.transition(.timerFired(token: token, now: start.addingTimeInterval(80), uptime: 80)).actions.isEmpty)
    // Due: the refresh starts; its outcome re-arms through tokenRefreshed.
    let due = machine.transition(.timerFired(token: next, now: start.addingTimeInterval(80), uptime: 80))
    guard case .startRefresh(let flight, _)? = due.actions.first else {
      Issue.record("expected the timer to start a refresh, got \(due)")
      return
    }
    let renewed = Credential.test(access: "at-1", expiresAt: start.addingTimeInterval(500))
    _ = machine.transition(
      .refreshReturned(flight: flight, .success(renewed), adopted: false, now: start, uptime: 80))
    let installed = machine.transition(.saved(flight: flight)).actions
    #expect(installed.contains { if case .armTimer(_, .at(_, minimumWait: 0)) = $0 { true } else { false } })
    let signedOut = machine.transition(.signedOut(.requested)).actions
    #expect(signedOut.contains { if case .disarmTimer = $0 { true } else { false } })
    #expect(machine.timer.isRunning)
  }

  @Test("No session, or no refresh token, gives a typed error without a refresh")
  func missingPieces() async throws {
    let session = makeSession()
    await #expect(throws: AuthError.notSignedIn) { try await session.credential() }
    await #expect(throws: AuthError.notSignedIn) { try await session.refresh(ifGeneration: Generation(1)) }
    let generation = try await signedIn(session, .test(refresh: nil))
    await #expect(throws: AuthError.noRefreshToken) { try await session.refresh(ifGeneration: generation) }
    #expect(refresher.log.current.calls == 0)
  }

  @Test("Waiters that race the publication each get the outcome exactly once (replay signalling)")
  func raceWithPublication() async throws {
    for _ in 0..<20 {
      let session = makeSession()
      let generation = try await signedIn(session)
      let completions = Observed<[Int]>(Array(repeating: 0, count: 200))
      // No gate: the refresh finishes while waiters are still arriving, so some subscribe to the
      // signal after the outcome was published and rely on its replay.
      for index in 0..<200 {
        _ = session.rx.refresh(ifGeneration: generation).subscribe(onSuccess: { _ in
          completions.update { $0[index] += 1 }
        })
      }
      #expect(await completions.until { $0.allSatisfy { $0 >= 1 } })
      #expect(completions.current.allSatisfy { $0 == 1 })
    }
  }

  @Test("A late authentication failure of a settled generation joins that generation's flight and its outcome")
  func settledGenerationJoinsItsFlight() {
    var machine = SessionStateMachine(policy: RefreshPolicy())
    _ = machine.transition(.signedIn(.test()))
    let start = Date(timeIntervalSince1970: 0)
    let expired = machine.generation
    guard
      case .join(let flight, _) = machine.transition(.requested(.afterFailure(expired), now: start, uptime: 0)).answer
    else {
      Issue.record("expected a refresh to start")
      return
    }
    let returned = machine.transition(
      .refreshReturned(flight: flight, .success(.test(access: "at-1")), adopted: false, now: start, uptime: 0))
    #expect(returned.actions.contains { if case .saveRenewal(flight, _, write: true) = $0 { true } else { false } })
    let saved = machine.transition(.saved(flight: flight))
    let resolved = saved.actions.compactMap { action -> VersionedCredential? in
      guard case .resolve(flight, let result) = action, case .success(let credential) = result.outcome else {
        return nil
      }
      return credential
    }
    #expect(resolved.map(\.credential.accessToken) == ["at-1"])
    #expect(machine.current?.credential.accessToken == "at-1")
    // However late, the old generation's failure gets the same flight, so the same published outcome.
    #expect(
      machine.transition(.requested(.afterFailure(expired), now: start, uptime: 9)).answer
        == .join(flight: flight, proactive: false))
  }

  @Test("The Rx face: Single<Credential> shares the refresh; disposing leaves without cancelling it")
  func rxFace() async throws {
    let session = makeSession()
    let generation = try await signedIn(session)
    let gate = refresher.holdNext()
    let received = Observed<[String]>([])
    let kept = session.rx.refresh(ifGeneration: generation).subscribe(
      onSuccess: { credential in received.update { $0.append(credential.credential.accessToken) } })
    let left = session.rx.refresh(ifGeneration: generation).subscribe(
      onSuccess: { _ in received.update { $0.append("left one got it") } })
    await refresher.log.until { $0.calls == 1 }
    left.dispose()
    gate.open()
    #expect(await received.until { $0 == ["at-1"] })
    let valid = Observed<Credential?>(nil)
    _ = session.rx.validSession().subscribe(onSuccess: { credential in valid.update { $0 = credential } })
    #expect(await valid.until { $0?.accessToken == "at-1" })
    kept.dispose()
    #expect(refresher.log.current.calls == 1)
  }
}
