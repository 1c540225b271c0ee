import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Separate processes (the `StreamsAuthProcessFixture` executable) sharing one
/// `FileCredentialStorage`, all with an expired token, against django-oauth-toolkit with rotation,
/// reuse protection and no grace period: one `/o/token/` call among them all.
@Suite(
  "Integration: one refresh across processes sharing a file store",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .serialized, .timeLimit(.minutes(3)))
struct IntegrationMultiProcessTests {
  /// A tenant, a store holding its expired credential, and what the processes need.
  struct Setup {
    let server: OAuthTestServer
    let tenant: OAuthTestTenant
    let pair: OAuthTokenPair
    let directory: URL
    let store: FileCredentialStorage

    /// - Parameter knownExpiry: whether the stored credential says it has expired (each process
    ///   then refreshes before sending) or not (each process learns it from a 401).
    static func make(
      knownExpiry: Bool, server configuration: OAuthServerConfiguration = OAuthServerConfiguration()
    ) async throws -> Setup {
      let server = try await OAuthTestServer.shared(configuration)
      let tenant = try await server.makeTenant()
      let pair = try await tenant.issueTokens(accessTokenLifetime: -1)
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streams-mp-\(UUID().uuidString)")
      let store = FileCredentialStorage(fileURL: directory.appendingPathComponent("credential.json"))
      try store.save(
        Credential(
          accessToken: pair.accessToken, refreshToken: pair.refreshToken,
          expiresAt: knownExpiry ? Date().addingTimeInterval(-60) : nil, userID: String(tenant.userID)))
      return Setup(server: server, tenant: tenant, pair: pair, directory: directory, store: store)
    }

    /// Removes the store's directory.
    func remove() {
      try? FileManager.default.removeItem(at: directory)
    }

    func spawn(_ count: Int, lockTimeout: TimeInterval = 20) throws -> [FixtureProcess] {
      try (0..<count).map { _ in
        try FixtureProcess([
          "request", store.fileURL.path, server.tokenURL.absoluteString, server.resourceURL.absoluteString,
          tenant.publicClientID, String(lockTimeout),
        ])
      }
    }

    /// Waits until every process is ready, then releases them together and collects their answers.
    func run(_ processes: [FixtureProcess]) async throws -> [[String: Any]] {
      for process in processes { #expect(try await process.line(1) == "READY") }
      for process in processes { process.send("go") }
      var answers: [[String: Any]] = []
      for process in processes { answers.append(try await process.json(2)) }
      return answers
    }
  }

  static func fingerprint(_ token: String?) -> String {
    guard let token else { return "none" }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in token.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  @Test(
    "2 and 8 processes with an expired token: one /token call, no reuse, every process ends with the rotated credential",
    arguments: [(2, true), (2, false), (8, true), (8, false)])
  func oneRefresh(processes count: Int, knownExpiry: Bool) async throws {
    let setup = try await Setup.make(knownExpiry: knownExpiry)
    defer { setup.remove() }
    let processes = try setup.spawn(count)
    defer { processes.forEach { $0.kill() } }
    let clock = ContinuousClock()
    let started = clock.now
    let answers = try await setup.run(processes)
    let elapsed = clock.now - started

    let counters = try await setup.tenant.counters()
    let final = try #require(try setup.store.load())
    #expect(final.refreshToken != setup.pair.refreshToken, "the store holds the rotated credential")
    for answer in answers {
      #expect(answer["status"] as? Int == 200, "\(answer)")
      #expect(answer["access"] as? String == Self.fingerprint(final.accessToken), "\(answer)")
      #expect(answer["refresh"] as? String == Self.fingerprint(final.refreshToken), "\(answer)")
    }
    #expect(counters.tokenCalls == 1)
    #expect(counters.refreshCalls == 1)
    #expect(counters.reuseDetections == 0)
    #expect(counters.familiesRevoked == 0)
    #expect(counters.resource200 == count)
    // A process that did not know the expiry sent the stale token once, never twice.
    #expect(counters.resource401 == (knownExpiry ? 0 : count))
    let info = try await setup.tenant.refreshTokenInfo(try #require(final.refreshToken))
    #expect(!info.revoked && info.familyLiveRefreshTokens == 1)
    print(
      "MULTIPROCESS django processes=\(count) knownExpiry=\(knownExpiry) wall=\(Live.seconds(elapsed))s "
        + "token_calls=\(counters.tokenCalls) reuse=\(counters.reuseDetections) resource_401=\(counters.resource401)")
  }

  @Test("A lock holder killed with SIGKILL: the waiting processes go on at once, with one /token call")
  func holderKilled() async throws {
    let setup = try await Setup.make(knownExpiry: true)
    defer { setup.remove() }
    let holder = try FixtureProcess(["hold-lock", setup.store.lockFileURL.path])
    defer { holder.kill() }
    #expect(try await holder.line(1) == "LOCKED")
    let processes = try setup.spawn(2, lockTimeout: 20)
    defer { processes.forEach { $0.kill() } }
    for process in processes { #expect(try await process.line(1) == "READY") }
    for process in processes { process.send("go") }
    try await Task.sleep(for: .seconds(1))
    #expect(try await setup.tenant.counters().tokenCalls == 0, "a process refreshed while another held the lock")
    #expect(processes.allSatisfy { $0.lines.count == 1 })

    let clock = ContinuousClock()
    let killed = clock.now
    holder.kill()
    var answers: [[String: Any]] = []
    for process in processes { answers.append(try await process.json(2)) }
    let elapsed = clock.now - killed

    #expect(elapsed < .seconds(10), "the waiters took \(elapsed) after the holder died (timeout 20 s)")
    #expect(answers.allSatisfy { $0["status"] as? Int == 200 }, "\(answers)")
    let counters = try await setup.tenant.counters()
    #expect(counters.tokenCalls == 1 && counters.reuseDetections == 0)
    print(
      "MULTIPROCESS django holder-killed waiters=2 resumed_after=\(Live.seconds(elapsed))s token_calls=\(counters.tokenCalls)"
    )
  }

  @Test(
    "A refresher killed after the server rotated: with no grace period the others are signed out, with one they recover",
    arguments: [false, true])
  func refresherKilledMidRefresh(gracePeriod: Bool) async throws {
    let setup = try await Setup.make(
      knownExpiry: true, server: gracePeriod ? Live.graceServer : OAuthServerConfiguration())
    defer { setup.remove() }
    // The server commits the rotation at once and answers 5 s later; the process dies meanwhile.
    try await setup.tenant.setTokenLatency(after: .seconds(5))
    let victim = try setup.spawn(1)[0]
    defer { victim.kill() }
    #expect(try await victim.line(1) == "READY")
    victim.send("go")
    let deadline = ContinuousClock.now + .seconds(30)
    while try await setup.tenant.counters().refreshCalls == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    try await Task.sleep(for: .milliseconds(500))  // DOT has committed; the reply is held back
    victim.kill()
    try await setup.tenant.setTokenLatency()

    let processes = try setup.spawn(2)
    defer { processes.forEach { $0.kill() } }
    let answers = try await setup.run(processes)
    let counters = try await setup.tenant.counters()
    if gracePeriod {
      // The store still holds the rotated-out token; within the grace period the server answers
      // with the pair it had minted for the dead process.
      #expect(answers.allSatisfy { $0["status"] as? Int == 200 }, "\(answers)")
      #expect(counters.graceReuses == 1 && counters.reuseDetections == 0)
      #expect(counters.refreshCalls == 2)
    } else {
      // Without one, presenting it again is reuse: the family is revoked and the session ends.
      for answer in answers {
        #expect(answer["temporary"] as? Bool == false, "\(answer)")
        #expect((answer["error"] as? String)?.contains("rejected the refresh token") == true, "\(answer)")
      }
      #expect(counters.reuseDetections >= 1)
      #expect(try setup.store.load() == nil)
    }
    print(
      "MULTIPROCESS django killed-mid-refresh grace=\(gracePeriod) refresh_calls=\(counters.refreshCalls) "
        + "grace_reuses=\(counters.graceReuses) reuse=\(counters.reuseDetections)")
  }

  @Test("A holder that never lets go: the waiters fail within the timeout with a temporary error, nothing refreshed")
  func lockTimeout() async throws {
    let setup = try await Setup.make(knownExpiry: true)
    defer { setup.remove() }
    let holder = try FixtureProcess(["hold-lock", setup.store.lockFileURL.path])
    defer { holder.kill() }
    #expect(try await holder.line(1) == "LOCKED")
    let processes = try setup.spawn(2, lockTimeout: 1)
    defer { processes.forEach { $0.kill() } }
    let answers = try await setup.run(processes)
    for answer in answers {
      #expect(answer["temporary"] as? Bool == true, "\(answer)")
      #expect((answer["error"] as? String)?.contains("refresh lock") == true, "\(answer)")
    }
    #expect(try await setup.tenant.counters().tokenCalls == 0)
    #expect(try setup.store.load()?.refreshToken == setup.pair.refreshToken, "the session was kept")
  }
}
