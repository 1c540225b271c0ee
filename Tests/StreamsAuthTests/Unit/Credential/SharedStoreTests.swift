import Foundation
import Streams
@testable import StreamsAuth
import Testing

/// Sessions sharing one credential file refresh one at a time (a `flock` beside the file) and
/// adopt what another one stored. Two `FileCredentialStorage`s on one path open the lock file
/// twice, so they exclude each other exactly as two processes do.
@Suite("Shared file store: one refresher at a time", .timeLimit(.minutes(1)))
struct SharedStoreTests {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("streams-shared-\(UUID().uuidString)/credential.json")
  let expired = Credential.test(access: "at-0", refresh: "rt-0", expiresAt: Date().addingTimeInterval(-60))

  func makeSession(lockTimeout: TimeInterval = 10) async throws -> (SessionManager, ScriptedRefresher) {
    let refresher = ScriptedRefresher()
    let session = SessionManager(
      refresher: refresher, storage: FileCredentialStorage(fileURL: url, lockTimeout: lockTimeout))
    try await session.restore()
    return (session, refresher)
  }

  @Test("A session waiting for the lock re-reads the store and adopts the credential the holder saved")
  func adoptsAfterWaiting() async throws {
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(expired)
    let (first, firstRefresher) = try await makeSession()
    let (second, secondRefresher) = try await makeSession()
    let gate = firstRefresher.holdNext()
    let firstRefresh = Task { try await first.validSession() }
    try await waitUntil { firstRefresher.log.current.calls == 1 }
    let secondRefresh = Task { try await second.validSession() }
    try await Task.sleep(for: .milliseconds(100))
    #expect(secondRefresher.log.current.calls == 0)
    gate.open()

    let renewed = try await firstRefresh.value
    #expect(try await secondRefresh.value == renewed)
    #expect(secondRefresher.log.current.calls == 0, "the second session refreshed a token the first had rotated")
    #expect(try FileCredentialStorage(fileURL: url).load() == renewed)
  }

  @Test("A session whose in-memory credential is stale adopts the stored one instead of refreshing it")
  func adoptsWithoutWaiting() async throws {
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(expired)
    let (session, refresher) = try await makeSession()
    let rotated = Credential.test(access: "at-other", refresh: "rt-other", expiresAt: Date().addingTimeInterval(3600))
    try FileCredentialStorage(fileURL: url).save(rotated)
    let events = EventRecorder(session.events)

    #expect(try await session.validSession() == rotated)
    #expect(refresher.log.current.calls == 0)
    #expect(events.events.current.last == .tokenRefreshed(rotated))
  }

  @Test("A holder that keeps the lock past the timeout: a temporary error, nothing refreshed, the session kept")
  func timeout() async throws {
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(expired)
    let (first, firstRefresher) = try await makeSession()
    let (second, secondRefresher) = try await makeSession(lockTimeout: 0.2)
    let gate = firstRefresher.holdNext()
    let firstRefresh = Task { try await first.validSession() }
    try await waitUntil { firstRefresher.log.current.calls == 1 }

    let error = await #expect(throws: AuthError.self) { try await second.validSession() }
    guard case .storage(.lockTimedOut(let path, 0.2)) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(path.hasSuffix("credential.json.lock"))
    #expect(error?.isTemporary == true)
    #expect(second.isSignedIn)
    #expect(secondRefresher.log.current.calls == 0)
    gate.open()
    _ = try await firstRefresh.value
  }

  @Test("A sign-out while the refresh waits for the lock: the refresh ends, the clear lands after the holder's save")
  func signOutWhileWaiting() async throws {
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(expired)
    let (first, firstRefresher) = try await makeSession()
    let (second, secondRefresher) = try await makeSession()
    let gate = firstRefresher.holdNext()
    let firstRefresh = Task { try await first.validSession() }
    try await waitUntil { firstRefresher.log.current.calls == 1 }
    let secondRefresh = Task { try await second.validSession() }
    try await Task.sleep(for: .milliseconds(50))
    let signOut = Task { try await second.signOut() }
    await #expect(throws: AuthError.sessionEnded) { try await secondRefresh.value }
    gate.open()
    let renewed = try await firstRefresh.value
    try await signOut.value
    #expect(secondRefresher.log.current.calls == 0)
    // The sign-out waited for the first session's save, then cleared the store and revoked both.
    #expect(try FileCredentialStorage(fileURL: url).load() == nil)
    #expect(secondRefresher.log.current.revoked.map(\.refreshToken) == ["rt-0", renewed.refreshToken])
  }

  @Test("A sign-in lands after the save of a refresh another session was making, which then adopts it")
  func signInAfterAnotherSave() async throws {
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(expired)
    let (first, firstRefresher) = try await makeSession()
    let (second, secondRefresher) = try await makeSession()
    let gate = firstRefresher.holdNext()
    let firstRefresh = Task { try await first.validSession() }
    try await waitUntil { firstRefresher.log.current.calls == 1 }
    let other = Credential.test(access: "at-bob", refresh: "rt-bob", expiresAt: Date().addingTimeInterval(-1))
    let signIn = Task { try await second.signIn(other) }
    try await Task.sleep(for: .milliseconds(50))
    gate.open()
    _ = try await firstRefresh.value
    try await signIn.value
    #expect(try FileCredentialStorage(fileURL: url).load() == other)
    // The first session's next refresh finds the new sign-in in the store and adopts it.
    _ = try await first.refresh(ifGeneration: try #require(first.current).generation)
    #expect(first.current?.credential == other)
    #expect(firstRefresher.log.current.calls == 1 && secondRefresher.log.current.calls == 0)
  }

  func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      guard ContinuousClock.now < deadline else { throw TestError("the condition did not hold within 10 s") }
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
