import Foundation
import OAuthSimulation
@testable import StreamsAuth
import StreamsTest
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Tokens never appear in descriptions, dumps or log lines.
@Suite("Redaction", .timeLimit(.minutes(1)))
struct RedactionTests {
  let access = "ACCESS-7f3a9c"
  let refresh = "REFRESH-b81d20"

  func assertClean(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.contains(access), "access token leaked: \(text)", sourceLocation: sourceLocation)
    #expect(!text.contains(refresh), "refresh token leaked: \(text)", sourceLocation: sourceLocation)
  }

  @Test("Credential: description, debugDescription, dump, interpolation")
  func credential() {
    let credential = Credential(
      accessToken: access, refreshToken: refresh, expiresAt: Date(timeIntervalSince1970: 0), scope: "read",
      userID: "ada")
    assertClean(credential.description)
    assertClean(credential.debugDescription)
    assertClean("\(credential)")
    assertClean(String(reflecting: credential))
    var dumped = ""
    dump(credential, to: &dumped)
    assertClean(dumped)
    #expect(credential.description.contains("<redacted, 13 characters>"))
    #expect(credential.description.contains("userID: ada"))
    assertClean(VersionedCredential(credential: credential, generation: Generation(3)).description)
    assertClean(SessionEvent.tokenRefreshed(credential).description)
    assertClean(SessionEvent.initialSession(credential).description)
  }

  @Test("The documented example prints what the documentation says")
  func documentedExample() {
    let credential = Credential(accessToken: "access-123", refreshToken: "refresh-456", expiresAt: nil)
    #expect(
      credential.description
        == "Credential(accessToken: <redacted, 10 characters>, refreshToken: <redacted>, tokenType: Bearer)")
  }

  @Test("Configuration hides the client secret; responses hide their body and query")
  func otherTypes() {
    let configuration = OAuthClientConfiguration(
      tokenEndpoint: URL(string: "https://auth.example.com/token?key=\(access)")!, clientID: "c",
      clientSecret: refresh)
    assertClean(configuration.description)
    let response = HTTPResponse(
      statusCode: 200, body: Data(#"{"access_token":"\#(access)"}"#.utf8),
      url: URL(string: "https://x.example.com/?t=\(refresh)"))
    assertClean(response.description)
  }

  /// Every text form of `value`: description, debug description, interpolation, dump.
  func assertEveryFormClean<Value>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) {
    assertClean(String(describing: value), sourceLocation: sourceLocation)
    assertClean(String(reflecting: value), sourceLocation: sourceLocation)
    assertClean("\(value)", sourceLocation: sourceLocation)
    var dumped = ""
    dump(value, to: &dumped)
    assertClean(dumped, sourceLocation: sourceLocation)
  }

  @Test("Every type that holds a secret: description, debugDescription, String(reflecting:), dump")
  func everyType() async throws {
    let credential = Credential(accessToken: access, refreshToken: refresh, expiresAt: nil, userID: "ada")
    assertEveryFormClean(credential)
    assertEveryFormClean(VersionedCredential(credential: credential, generation: Generation(3)))
    for event in [
      SessionEvent.initialSession(credential), .signedIn(credential), .tokenRefreshed(credential),
      .refreshFailed(.network(TransportError(.timedOut))), .signedOut(.requested),
    ] {
      assertEveryFormClean(event)
    }
    let configuration = OAuthClientConfiguration(
      tokenEndpoint: URL(string: "https://auth.example.com/token?key=\(access)")!, clientID: "c",
      clientSecret: refresh, additionalParameters: ["audience": access])
    assertEveryFormClean(configuration)
    assertEveryFormClean(
      OAuthRefresher(configuration: configuration, transport: TestTransport { _ in jsonResponse(200, "{}") }))
    let response = HTTPResponse(
      statusCode: 200, headers: ["Set-Cookie": "session=\(access)", "Authorization": "Bearer \(refresh)"],
      body: Data(#"{"access_token":"\#(access)"}"#.utf8), url: URL(string: "https://x.example.com/?t=\(refresh)"))
    assertEveryFormClean(response)
    var request = URLRequest(url: URL(string: "https://api.example.com/me?t=\(access)")!)
    request.setValue("Bearer \(refresh)", forHTTPHeaderField: "Authorization")
    assertEveryFormClean(RequestContext(originalRequest: request))
    let session = SessionManager(refresher: ScriptedRefresher(scheduler: TestScheduler(initialClock: 0)))
    try await session.signIn(credential)
    assertEveryFormClean(session)
    // After a refresh the session remembers the refreshed generation (for late 401s) by its token.
    _ = try await session.refresh(ifGeneration: try #require(session.current).generation)
    assertEveryFormClean(session)
    assertEveryFormClean(session.interceptor(hosts: ["api.example.com"]))
    assertEveryFormClean(AuthLogMessage(level: .debug, text: "refresh #1 started for \(credential)"))
  }

  @Test("Every log line of a full session (sign-in, refresh, failure, rejection) is clean")
  func logLines() async throws {
    let lines = Observed<[String]>([])
    let server = OAuthServerSimulation()
    let session = SessionManager(
      oauth: server.oauthConfiguration, transport: server,
      log: { message in lines.update { $0.append(message.description) } })
    let recorder = EventRecorder(session.events)
    let credential = server.signIn()
    try await session.signIn(credential)
    let renewed = try await session.refresh(ifGeneration: session.current!.generation)
    server.injectTokenFault(.status(503))
    await #expect(throws: AuthError.self) { try await session.refresh(ifGeneration: renewed.generation) }
    server.revokeFamily(of: renewed.credential.refreshToken!)
    let other = SessionManager(
      oauth: server.oauthConfiguration, transport: server,
      log: { message in lines.update { $0.append(message.description) } })
    try await other.signIn(renewed.credential)
    await #expect(throws: AuthError.self) { try await other.refresh(ifGeneration: other.current!.generation) }
    try await session.signOut()
    let secrets = [credential, renewed.credential].flatMap { [$0.accessToken, $0.refreshToken!] }
    #expect(lines.current.count >= 5)
    for line in lines.current + recorder.events.current.map(\.description) {
      for secret in secrets { #expect(!line.contains(secret), "leaked in: \(line)") }
    }
  }

  @Test("Every error explains itself and carries no token")
  func errorDescriptions() {
    let errors: [AuthError] = [
      .notSignedIn, .noRefreshToken, .credentialExpired, .userIDUnavailable,
      .refreshRejected(OAuthErrorResponse(code: "invalid_grant", errorDescription: "reused")),
      .tokenEndpoint(statusCode: 503, error: nil),
      .tokenEndpoint(statusCode: 401, error: OAuthErrorResponse(code: "invalid_client")),
      .malformedTokenResponse(.missingField("access_token")), .network(TransportError(.timedOut)),
      .excessiveRefresh(refreshes: 5, interval: 30), .sessionEnded, .cancelled, .sessionReleased,
      .storage(.keychain(operation: "read", status: -25300)), .invalidConfiguration("x"),
    ]
    for error in errors {
      #expect(error.description.count > 30, "\(error)")
      assertClean(error.description)
    }
    #expect(Set(errors.map(\.kind)) == [.network, .server, .account, .cancelled, .client])
  }

  @Test("Challenge, revocation and refresh-lock errors, and the log lines of revoking and adopting, carry no token")
  func newErrorsAndLogLines() async throws {
    let errors: [AuthError] = [
      .insufficientScope(requiredScope: "admin"), .insufficientScope(requiredScope: nil),
      .revocationFailed(.network(TransportError(.timedOut))),
      .revocationFailed(.tokenEndpoint(statusCode: 503, error: OAuthErrorResponse(code: "temporarily_unavailable"))),
      .storage(.lockTimedOut(path: "/tmp/credential.json.lock", seconds: 30)),
    ]
    for error in errors {
      #expect(error.description.count > 30, "\(error)")
      assertClean(error.description)
    }

    let lines = Observed<[String]>([])
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("streams-redaction-\(UUID().uuidString)/credential.json")
    let stale = Credential(accessToken: access, refreshToken: refresh, expiresAt: Date(timeIntervalSince1970: 0))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try FileCredentialStorage(fileURL: url).save(stale)
    let transport = TestTransport { _ in jsonResponse(503, "{}") }
    let session = SessionManager(
      oauth: OAuthClientConfiguration(
        tokenEndpoint: URL(string: "https://auth.example.com/t")!, clientID: "c",
        revocationEndpoint: URL(string: "https://auth.example.com/r")!),
      transport: transport, storage: FileCredentialStorage(fileURL: url),
      log: { message in lines.update { $0.append(message.description) } })
    try await session.restore()
    let adopted = Credential(accessToken: access + "-2", refreshToken: refresh + "-2", expiresAt: nil)
    try FileCredentialStorage(fileURL: url).save(adopted)
    #expect(try await session.validSession() == adopted)
    await #expect(throws: AuthError.self) { try await session.signOut() }
    #expect(lines.current.contains { $0.contains("adopted") })
    #expect(lines.current.contains { $0.contains("did not confirm revoking") })
    for line in lines.current { assertClean(line) }
  }
}
