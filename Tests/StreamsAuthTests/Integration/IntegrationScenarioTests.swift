import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The nine scenarios of research/auth-refresh.md §7 ("Scenarios worth a test against a real
/// server"), each against django-oauth-toolkit (refresh-token rotation, reuse protection) through
/// `HTTPClient` + `AuthInterceptor` + `SessionManager` over URLSession. Each test has its
/// own tenant, so its server counters are its own.
@Suite(
  "Integration: the nine refresh scenarios against django-oauth-toolkit",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .timeLimit(.minutes(2)))
struct IntegrationScenarioTests {
  // MARK: 1

  @Test(
    "1. 50 parallel requests with an expired access token: one /token call, all succeed, each retried once",
    arguments: [OAuthTestTenant.Client.public, .confidential])
  func parallelRequestsWithAnExpiredToken(client: OAuthTestTenant.Client) async throws {
    let rig = try await Live.Rig.make(client: client)
    let count = 50
    // The refresh goes out only once every request has had its 401: all 50 meet it in flight.
    rig.holdTokenRequests(untilResource401: count)

    let outcomes = await rig.sendParallel(count)

    #expect(outcomes.statuses == [200: count], "\(outcomes.summary)")
    let counters = try await rig.counters()
    #expect(counters.tokenCalls == 1)
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenStatuses == ["200": 1])
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
    // Each request: once with the expired token (401), once with the new one (200).
    #expect(counters.resource401 == count)
    #expect(counters.resource200 == count)
    #expect(counters.resourceCalls == 2 * count)

    let renewed = try #require(rig.session.current)
    #expect(renewed.generation.rawValue == rig.initialGeneration.rawValue + 1)
    #expect(renewed.credential.refreshToken != rig.pair.refreshToken)
    let traffic = rig.transport.traffic.current
    #expect(traffic.tokenRequests == 1)
    #expect(traffic.resourceTokens == [rig.pair.accessToken: count, renewed.credential.accessToken: count])
    #expect(traffic.unsavedTokenSends == 0, "a request resumed before the rotated credential was saved")
    // The server's view: the old refresh token rotated out, the new one the only live one.
    #expect(try await rig.tenant.refreshTokenInfo(rig.pair.refreshToken).revoked)
    let live = try await rig.tenant.refreshTokenInfo(try #require(renewed.credential.refreshToken))
    #expect(!live.revoked && live.familyLiveRefreshTokens == 1 && live.familySize == 2)
    #expect(rig.storage.operations == [.save(rig.credential), .save(renewed.credential)])

    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .tokenRefreshed(renewed.credential)])
  }

  // MARK: 2

  @Test("2. A late 401 after the refresh: retried with the new token, no second refresh, no reuse detected")
  func late401AfterTheRefresh() async throws {
    let rig = try await Live.Rig.make()
    let original = rig.pair.accessToken
    // The late request is authorized with the expired token, then held on its way out until
    // another request has gone through a whole refresh.
    let lateGate = Gate()
    defer { lateGate.open() }
    var hooks = rig.transport.hooks
    hooks.beforeResource = { request, token in
      if request.value(forHTTPHeaderField: Live.ProbeTransport.markerHeader) == "late", token == original {
        await lateGate.wait()
      }
    }
    rig.transport.hooks = hooks

    let late = Task { await rig.sendOne(marker: "late") }
    #expect(await rig.transport.traffic.until { $0.resourceRequests == 1 })  // authorized and held
    let early = try await rig.client.send(rig.request(marker: "early"))
    #expect(early.statusCode == 200)
    let renewed = try #require(rig.session.current)
    #expect(try await rig.counters().refreshCalls == 1)

    lateGate.open()
    let lateResponse = try await late.value.get()
    #expect(lateResponse.statusCode == 200)

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenCalls == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
    #expect(counters.resource401 == 2)
    #expect(counters.resource200 == 2)
    #expect(counters.resourceCalls == 4)
    let traffic = rig.transport.traffic.current
    #expect(traffic.tokenRequests == 1)
    // The late request's retry carried the token the early request's refresh brought.
    #expect(traffic.markedTokens["late"] == [original, renewed.credential.accessToken])
    #expect(traffic.markedTokens["early"] == [original, renewed.credential.accessToken])
    #expect(rig.session.current == renewed)

    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .tokenRefreshed(renewed.credential)])
  }

  // MARK: 3

  @Test("3. A fatal refresh failure: the same error to all waiters, one signed-out event, no more /token calls")
  func fatalRefreshFailure() async throws {
    let rig = try await Live.Rig.make()
    // The server ended the session (an administrator revoked it): the refresh token is dead.
    #expect(try await rig.tenant.revokeFamily(of: rig.pair.refreshToken) == 1)
    let count = 10
    rig.holdTokenRequests(untilResource401: count)

    let outcomes = await rig.sendParallel(count)

    #expect(outcomes.successes == 0, "\(outcomes.summary)")
    let errors = outcomes.authErrors
    #expect(errors.count == count, "\(outcomes.summary)")
    #expect(Set(errors).count == 1, "the waiters did not all get the same error: \(outcomes.summary)")
    let error = try #require(errors.first ?? nil)
    guard case .refreshRejected(let rejection) = error else {
      Issue.record("expected refreshRejected, got \(error)")
      return
    }
    #expect(rejection.code == "invalid_grant")
    #expect(error.isFatal)
    #expect(error.kind == .account)

    #expect(rig.session.current == nil)
    #expect(rig.storage.contents == nil)
    #expect(rig.storage.operations == [.save(rig.credential), .load, .clear])

    // Signed out: later requests fail before anything is sent, and nothing refreshes.
    let trafficBefore = rig.transport.traffic.current
    let later = await rig.sendParallel(5)
    #expect(later.authErrors == Array(repeating: AuthError.notSignedIn, count: 5), "\(later.summary)")
    // A late 401 of the rejected generation still gets that generation's error.
    await #expect(throws: error) {
      try await rig.session.refresh(ifGeneration: rig.initialGeneration)
    }
    let trafficAfter = rig.transport.traffic.current
    #expect(trafficAfter.tokenRequests == 1)
    #expect(trafficAfter.resourceRequests == trafficBefore.resourceRequests)

    let counters = try await rig.counters()
    #expect(counters.tokenCalls == 1)
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenStatuses == ["400": 1])
    #expect(counters.tokenErrors == ["invalid_grant": 1])
    #expect(counters.reuseDetections == 1)  // a revoked token presented
    #expect(counters.familiesRevoked == 0)  // nothing live was left to revoke
    #expect(counters.testFamilyRevocations == 1)
    #expect(counters.resource401 == count)
    #expect(counters.resourceCalls == count)

    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .refreshFailed(error), .signedOut(.refreshRejected(error))])
  }

  // MARK: 4

  @Test("4. A temporary refresh failure keeps the session")
  func temporaryRefreshFailure() async throws {
    // A cooldown far longer than the test: the scheduler's clock, which is the wall clock plus
    // what the test adds, must not leave it by itself on a slow, loaded machine.
    let rig = try await Live.Rig.make(policy: RefreshPolicy(temporaryFailureCooldown: 600))
    let count = 10
    rig.holdTokenRequests(untilResource401: count)
    // The token endpoint is unreachable for a moment: the first two token requests (the
    // refresher sends again only when the first surely never reached a server) are refused.
    var hooks = rig.transport.hooks
    hooks.redirectToken = { number in number <= 2 ? Live.unreachableTokenURL : nil }
    rig.transport.hooks = hooks

    let outcomes = await rig.sendParallel(count)

    let errors = outcomes.authErrors
    #expect(errors.count == count, "\(outcomes.summary)")
    #expect(Set(errors).count == 1, "the waiters did not all get the same error: \(outcomes.summary)")
    let error = try #require(errors.first ?? nil)
    guard case .network(let transportError) = error else {
      Issue.record("expected a network error, got \(error)")
      return
    }
    #expect(transportError.reason == .cannotConnect)
    #expect(error.isTemporary && !error.isFatal)
    #expect(error.kind == .network)
    #expect(rig.transport.traffic.current.tokenRequests == 2)

    // The session is kept, in memory and in storage, and is still live on the server.
    #expect(rig.session.current == VersionedCredential(credential: rig.credential, generation: rig.initialGeneration))
    #expect(rig.storage.contents == rig.credential)
    let info = try await rig.tenant.refreshTokenInfo(rig.pair.refreshToken)
    #expect(!info.revoked && info.familyLiveRefreshTokens == 1)
    #expect(try await rig.counters().tokenCalls == 0)  // nothing reached the server

    // Within the cooldown the failed generation is not refreshed again: same error at once.
    let retried = await rig.sendOne()
    #expect((retried.failure as? AuthError) == error)
    #expect(rig.transport.traffic.current.tokenRequests == 2)

    // After the cooldown (the scheduler's time moved on), the same session refreshes and works.
    rig.scheduler.moveClock(by: rig.session.policy.temporaryFailureCooldown + 1)
    let response = try await rig.client.send(rig.request())
    #expect(response.statusCode == 200)
    let renewed = try #require(rig.session.current)
    #expect(renewed.generation.rawValue == rig.initialGeneration.rawValue + 1)

    let counters = try await rig.counters()
    #expect(counters.tokenCalls == 1)
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenStatuses == ["200": 1])
    #expect(counters.reuseDetections == 0)
    #expect(counters.resource401 == count + 2)
    #expect(counters.resource200 == 1)

    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .refreshFailed(error), .tokenRefreshed(renewed.credential)])
  }

  // MARK: 5

  @Test(
    "5a. Response lost after the server committed the rotation, grace 0: the family is revoked and the client signs out cleanly",
    arguments: [OAuthTestTenant.DropMode.close, .reset, .status500])
  func lostResponseWithoutGracePeriod(mode: OAuthTestTenant.DropMode) async throws {
    let rig = try await Live.Rig.make()
    try await rig.tenant.dropNextTokenResponses(1, mode: mode)

    // The rotation is committed, the response never arrives (or is a 500): a temporary
    // failure, and POST /token is not sent again on its own.
    let first = await rig.sendOne()
    let lost = try #require(first.failure as? AuthError, "\(first)")
    Self.expectLostResponse(lost, mode: mode)
    #expect(rig.session.current?.credential == rig.credential)  // the client cannot know
    #expect(rig.transport.traffic.current.tokenRequests == 1)  // POST /token not sent blindly again
    let info = try await rig.tenant.refreshTokenInfo(rig.pair.refreshToken)
    #expect(info.revoked && info.familyLiveRefreshTokens == 1)  // rotated to a pair the client never got

    // After the cooldown the client refreshes with the only refresh token it has: reuse.
    rig.scheduler.moveClock(by: rig.session.policy.temporaryFailureCooldown + 1)
    let second = await rig.sendOne()
    let rejected = try #require(second.failure as? AuthError, "\(second)")
    guard case .refreshRejected(let rejection) = rejected else {
      Issue.record("expected refreshRejected, got \(rejected)")
      return
    }
    #expect(rejection.code == "invalid_grant")

    // Signed out cleanly: nothing kept, nothing sent any more.
    #expect(rig.session.current == nil)
    #expect(rig.storage.contents == nil)
    #expect((await rig.sendOne().failure as? AuthError) == .notSignedIn)
    #expect(rig.transport.traffic.current.tokenRequests == 2)

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 2)
    #expect(counters.droppedTokenResponses == 1)
    #expect(counters.tokenStatuses == ["200": 1, "400": 1])
    #expect(counters.tokenErrors == ["invalid_grant": 1])
    #expect(counters.reuseDetections == 1)
    #expect(counters.familiesRevoked == 1)
    #expect(try await rig.tenant.refreshTokenInfo(rig.pair.refreshToken).familyLiveRefreshTokens == 0)

    let events = try await rig.eventsThroughFence()
    #expect(
      events == [
        .signedIn(rig.credential), .refreshFailed(lost), .refreshFailed(rejected),
        .signedOut(.refreshRejected(rejected)),
      ])
  }

  @Test(
    "5b. Response lost after the server committed the rotation, grace 30 s: the client recovers",
    arguments: [OAuthTestTenant.DropMode.close, .reset, .status500])
  func lostResponseWithGracePeriod(mode: OAuthTestTenant.DropMode) async throws {
    let rig = try await Live.Rig.make(server: Live.graceServer)
    try await rig.tenant.dropNextTokenResponses(1, mode: mode)

    let first = await rig.sendOne()
    let lost = try #require(first.failure as? AuthError, "\(first)")
    Self.expectLostResponse(lost, mode: mode)
    #expect(rig.session.current?.credential == rig.credential)
    #expect(rig.transport.traffic.current.tokenRequests == 1)

    // Within the grace period the old refresh token gets the pair already minted from it.
    rig.scheduler.moveClock(by: rig.session.policy.temporaryFailureCooldown + 1)
    let recoveredResponse = try await rig.client.send(rig.request())
    #expect(recoveredResponse.statusCode == 200)
    let recovered = try #require(rig.session.current)
    #expect(recovered.credential.refreshToken != rig.pair.refreshToken)
    let info = try await rig.tenant.refreshTokenInfo(try #require(recovered.credential.refreshToken))
    #expect(!info.revoked && info.familyLiveRefreshTokens == 1 && info.familySize == 2)

    // The recovered session keeps rotating normally.
    try await rig.tenant.expireAccessToken(recovered.credential.accessToken)
    #expect(try await rig.client.send(rig.request()).statusCode == 200)
    let next = try #require(rig.session.current)
    #expect(next.generation.rawValue == recovered.generation.rawValue + 1)

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 3)
    #expect(counters.droppedTokenResponses == 1)
    #expect(counters.graceReuses == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
    #expect(counters.tokenStatuses == ["200": 3])
    #expect(counters.resource200 == 2)

    let events = try await rig.eventsThroughFence()
    #expect(
      events == [
        .signedIn(rig.credential), .refreshFailed(lost), .tokenRefreshed(recovered.credential),
        .tokenRefreshed(next.credential),
      ])
  }

  /// A lost token response is a temporary failure of the kind the drop mode makes.
  static func expectLostResponse(_ error: AuthError, mode: OAuthTestTenant.DropMode) {
    #expect(error.isTemporary && !error.isFatal, "\(error)")
    switch (mode, error) {
    case (.close, .network), (.reset, .network):
      break
    case (.status500, .tokenEndpoint(500, let oauth)):
      #expect(oauth?.code == "server_error")
    default:
      Issue.record("a \(mode) drop gave \(error)")
    }
  }

  // MARK: 6

  @Test("6. Sign-out during a refresh: nothing stored, no events")
  func signOutDuringRefresh() async throws {
    let rig = try await Live.Rig.make()
    // The server rotates; its answer reaches the client only after the sign-out (held here,
    // delivered even though the refresh was cancelled: the answer raced the cancellation).
    let answered = Gate()
    let release = Gate()
    defer { release.open() }
    var hooks = rig.transport.hooks
    hooks.afterToken = { _ in
      answered.open()
      await release.wait()
    }
    rig.transport.hooks = hooks

    let request = Task { await rig.sendOne() }
    #expect(await answered.wait(seconds: Live.watchdog))
    #expect(try await rig.counters().tokenStatuses == ["200": 1])  // the server rotated

    try await rig.session.signOut()
    let outcome = await request.value
    #expect((outcome.failure as? AuthError) == .sessionEnded, "\(outcome)")

    release.open()
    // The renewed credential reaches the session manager, which drops it.
    let discarded = await rig.log.until { $0.contains { $0.level == .warning && $0.text.contains("discarded") } }
    #expect(discarded, "no discard was logged: \(rig.log.current)")
    #expect(rig.transport.traffic.current.tokenOutcomes == [200])

    #expect(rig.session.current == nil)
    #expect(rig.storage.contents == nil)
    #expect(rig.storage.operations == [.save(rig.credential), .clear])
    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .signedOut(.requested)])

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1)
    #expect(counters.reuseDetections == 0)
  }

  // MARK: 7

  @Test("7. A resource that always answers 401: excessive-refresh error, bounded /token calls")
  func resourceThatAlwaysAnswers401() async throws {
    let window = RefreshWindow(interval: 60, maximumRefreshes: 3)
    let rig = try await Live.Rig.make(accessTokenLifetime: 300, policy: RefreshPolicy(window: window))
    try await rig.tenant.setResourceMode(.always401)

    // Each request: 401, one refresh, one retry, 401 again; the 401 is returned. The first
    // refresh renews the signed-in token; the next three renew fresh tokens the resource
    // rejected at once: those did not help.
    for _ in 0..<4 {
      let response = try await rig.client.send(rig.request())
      #expect(response.statusCode == 401)
      #expect(AuthInterceptor.invalidTokenChallenge(response))
    }
    #expect(try await rig.counters().refreshCalls == 4)

    // The next would be a fourth refresh that did not help within the window: the breaker refuses it.
    let excessive = AuthError.excessiveRefresh(refreshes: 3, interval: 60)
    await #expect(throws: excessive) { try await rig.client.send(rig.request()) }
    #expect(excessive.kind == .client && !excessive.isFatal)
    let storm = await rig.sendParallel(10)
    #expect(storm.authErrors == Array(repeating: excessive, count: 10), "\(storm.summary)")

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 4)
    #expect(counters.tokenCalls == 4)
    #expect(counters.tokenStatuses == ["200": 4])
    #expect(counters.reuseDetections == 0)
    #expect(counters.resource200 == 0)
    #expect(counters.resource401 == 4 * 2 + 1 + 10)
    #expect(rig.transport.traffic.current.tokenRequests == 4)

    // The session is kept: the breaker is a client problem, not a rejected refresh token.
    let current = try #require(rig.session.current)
    #expect(current.generation.rawValue == rig.initialGeneration.rawValue + 4)
    #expect(rig.storage.contents == current.credential)
    let events = try await rig.eventsThroughFence()
    #expect(events.count == 6, "\(events)")
    #expect(events.first == .signedIn(rig.credential))
    #expect(events.filter { if case .tokenRefreshed = $0 { true } else { false } }.count == 4)
    #expect(events.last == .refreshFailed(excessive))
  }

  // MARK: 8

  @Test("8. One cancelled waiter leaves at once; the others still succeed")
  func oneCancelledWaiter() async throws {
    let rig = try await Live.Rig.make()
    let count = 10
    let refreshArrived = Gate()
    let release = Gate()
    defer { release.open() }
    let traffic = rig.transport.traffic
    var hooks = rig.transport.hooks
    hooks.beforeToken = { _ in
      _ = await traffic.until { $0.resource401 >= count }
      refreshArrived.open()
      // Cancellable: if a waiter's cancellation cancelled the shared refresh, it would fail here.
      try await release.waitUnlessCancelled()
    }
    rig.transport.hooks = hooks

    let client = rig.client
    let tasks = (0..<count).map { index in
      let request = rig.request(marker: "r\(index)")
      return Task { try await client.send(request) }
    }
    #expect(await refreshArrived.wait(seconds: Live.watchdog))

    // Every request has had its 401 and waits for the refresh; one of them is cancelled.
    tasks[0].cancel()
    let left = await Live.bounded(seconds: 20) { await tasks[0].result }
    let leaving = try #require(left, "the cancelled waiter did not leave while the refresh was held")
    let leftError = try #require(leaving.failure)
    #expect(
      (leftError as? AuthError) == .cancelled || leftError is CancellationError,
      "the cancelled request ended with \(leftError)")

    release.open()
    for task in tasks.dropFirst() {
      #expect(try await task.value.statusCode == 200)
    }
    let traffic2 = rig.transport.traffic.current
    #expect(traffic2.tokenOutcomes == [200])  // the shared refresh carried on
    #expect(traffic2.markedTokens["r0"]?.count == 1)  // not sent again

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 1)
    #expect(counters.tokenStatuses == ["200": 1])
    #expect(counters.reuseDetections == 0)
    #expect(counters.resource401 == count)
    #expect(counters.resource200 == count - 1)
    #expect(counters.resourceCalls == 2 * count - 1)

    let renewed = try #require(rig.session.current)
    let events = try await rig.eventsThroughFence()
    #expect(events == [.signedIn(rig.credential), .tokenRefreshed(renewed.credential)])
  }

  // MARK: 9

  @Test(
    "9. An attacker replays an old refresh token: family revoked, the client's next refresh is rejected, signed out")
  func attackerReplaysAnOldRefreshToken() async throws {
    let rig = try await Live.Rig.make()
    let session = rig.session
    // The AsyncSequence face of the events; the iterator subscribes as it is made.
    var stream = session.eventStream.makeAsyncIterator()

    // The client refreshes once: R0 → R1.
    #expect(try await rig.client.send(rig.request()).statusCode == 200)
    let rotated = try #require(rig.session.current).credential
    #expect(try session.accessToken.get() == rotated.accessToken)
    #expect(try session.userID.get() == String(rig.tenant.userID))

    // The attacker, who stole R0 earlier, replays it: DOT detects the reuse and revokes the family.
    let replay = try await rig.tenant.refresh(rig.pair.refreshToken)
    #expect(replay.status == 400 && replay.error == "invalid_grant", "\(replay)")
    #expect(try await rig.tenant.refreshTokenInfo(try #require(rotated.refreshToken)).familyLiveRefreshTokens == 0)

    // The client's next request: its access token went with the family → 401 → refresh with
    // R1 → rejected → signed out.
    let outcome = await rig.sendOne()
    let error = try #require(outcome.failure as? AuthError, "\(outcome)")
    guard case .refreshRejected(let rejection) = error else {
      Issue.record("expected refreshRejected, got \(error)")
      return
    }
    #expect(rejection.code == "invalid_grant")
    #expect(!session.isSignedIn)
    #expect(session.accessToken == .failure(.notSignedIn))
    await #expect(throws: AuthError.notSignedIn) { try await session.validSession() }
    #expect(rig.storage.contents == nil)

    let counters = try await rig.counters()
    #expect(counters.refreshCalls == 3)  // client, attacker, client
    #expect(counters.tokenStatuses == ["200": 1, "400": 2])
    #expect(counters.tokenErrors == ["invalid_grant": 2])
    #expect(counters.reuseDetections == 2)
    #expect(counters.familiesRevoked == 1)  // the attacker's replay killed the live session
    #expect(counters.resource200 == 1)
    #expect(counters.resource401 == 2)
    #expect(rig.transport.traffic.current.tokenRequests == 2)

    let events = try await rig.eventsThroughFence()
    #expect(
      events == [
        .signedIn(rig.credential), .tokenRefreshed(rotated), .refreshFailed(error), .signedOut(.refreshRejected(error)),
      ])
    // The stream saw the same, after the session as it was when it subscribed (all of it is
    // buffered by now: the fence's signedIn was delivered last).
    var streamed: [SessionEvent] = []
    for _ in 0..<5 { if let event = await stream.next() { streamed.append(event) } }
    #expect(streamed.first == .initialSession(rig.credential))
    #expect(Array(streamed.dropFirst().prefix(3)) == Array(events.dropFirst()))
    if case .signedIn = streamed.last {} else { Issue.record("the stream did not end with the fence: \(streamed)") }
  }
}

extension Result {
  /// The error, if this is a failure.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
