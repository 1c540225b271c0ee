import Foundation
import OAuthSimulation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Authorization-code sign-in with PKCE: the URL, the redirect, the code exchange, and every
/// failure leaving the session as it was.
@Suite("Authorization code sign-in with PKCE", .timeLimit(.minutes(1)))
struct AuthorizationCodeTests {
  static let redirectURI = URL(string: "com.example.messenger:/oauth/callback")!
  let server = OAuthServerSimulation(
    configuration: .init(baseURL: URL(string: "https://auth.example.com")!, clientID: "messenger-app"))

  var authorization: AuthorizationConfiguration {
    AuthorizationConfiguration(
      authorizationEndpoint: server.configuration.baseURL.appendingPathComponent("o/authorize/"),
      redirectURI: Self.redirectURI, scopes: ["read", "write"], additionalParameters: ["prompt": "login"])
  }

  func query(_ url: URL) -> [String: String] {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
  }

  // MARK: PKCE

  @Test("SHA-256 matches known digests (empty, abc, a multi-block message)")
  func sha256() {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 1000)))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test("The S256 challenge is base64url(SHA-256(verifier)) without padding; bad verifiers are refused")
  func pkce() throws {
    let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mJ92K9qkD93P6TSW1j6SSsdh8dg4u8")
    #expect(pkce.challenge == "SxYfncFgLeDwByY5kUymC04MO-4klTF7YlmoKpzvKyc")
    #expect(pkce.method == "S256")
    let fresh = PKCE()
    #expect(fresh.verifier.count == 43)
    #expect(fresh.verifier != PKCE().verifier)
    #expect(throws: AuthError.self) { try PKCE(verifier: "short") }
    #expect(throws: AuthError.self) { try PKCE(verifier: String(repeating: "a", count: 42) + "!") }
  }

  // MARK: The authorization URL

  @Test("The URL carries response_type, client_id, redirect_uri, scope, state, the challenge and extra parameters")
  func authorizationURL() throws {
    let request = try AuthorizationRequest(configuration: authorization, clientID: "messenger app")
    let items = query(request.url)
    #expect(request.url.absoluteString.hasPrefix("https://auth.example.com/o/authorize/?response_type=code&"))
    #expect(items["response_type"] == "code")
    #expect(items["client_id"] == "messenger app")
    #expect(items["redirect_uri"] == Self.redirectURI.absoluteString)
    #expect(items["scope"] == "read write")
    #expect(items["state"] == request.state)
    #expect(items["code_challenge"] == request.pkce.challenge)
    #expect(items["code_challenge_method"] == "S256")
    #expect(items["prompt"] == "login")
    #expect(items["code_verifier"] == nil)
    #expect(!request.url.absoluteString.contains(request.pkce.verifier))
    #expect(request.url.absoluteString.contains("scope=read%20write"))
    #expect(request.state.count >= 43)
    #expect(try AuthorizationRequest(configuration: authorization, clientID: "c").state != request.state)
  }

  @Test("Extra parameters cannot replace state, the challenge or the client id")
  func extraParametersCannotOverride() throws {
    var configuration = authorization
    configuration.additionalParameters = ["state": "forged", "code_challenge": "x", "client_id": "other", "ui": "1"]
    let request = try AuthorizationRequest(configuration: configuration, clientID: "c")
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    #expect(items.filter { $0.name == "state" }.map(\.value) == [request.state])
    #expect(items.filter { $0.name == "client_id" }.map(\.value) == ["c"])
    #expect(items.filter { $0.name == "code_challenge" }.map(\.value) == [request.pkce.challenge])
    #expect(query(request.url)["ui"] == "1")
  }

  // MARK: The redirect

  @Test("Redirect parsing: the code; state mismatch, error, missing code and a foreign URL are typed errors")
  func redirects() throws {
    let request = try AuthorizationRequest(configuration: authorization, clientID: "c", state: "s-1")
    let base = Self.redirectURI.absoluteString
    #expect(try request.code(from: URL(string: base + "?code=abc&state=s-1")!) == "abc")
    #expect(try request.code(from: URL(string: base + "#code=frag&state=s-1")!) == "frag")
    #expect(throws: AuthError.authorization(.stateMismatch)) {
      try request.code(from: URL(string: base + "?code=abc&state=s-2")!)
    }
    #expect(throws: AuthError.authorization(.stateMismatch)) {
      try request.code(from: URL(string: base + "?code=abc")!)
    }
    // The state is checked before an error is believed: a forged error redirect is a mismatch.
    #expect(throws: AuthError.authorization(.stateMismatch)) {
      try request.code(from: URL(string: base + "?error=access_denied")!)
    }
    #expect(
      throws: AuthError.authorization(
        .denied(OAuthErrorResponse(code: "access_denied", errorDescription: "The user said no")))
    ) {
      try request.code(
        from: URL(string: base + "?error=access_denied&error_description=The%20user%20said%20no&state=s-1")!)
    }
    #expect(throws: AuthError.authorization(.missingCode)) { try request.code(from: URL(string: base + "?state=s-1")!) }
    #expect(throws: AuthError.authorization(.redirectMismatch)) {
      try request.code(from: URL(string: "https://evil.example.com/oauth/callback?code=abc&state=s-1")!)
    }
    #expect(throws: AuthError.authorization(.redirectMismatch)) {
      try request.code(from: URL(string: "com.example.messenger:/other?code=abc&state=s-1")!)
    }
  }

  // MARK: Signing in

  struct Rig {
    let server: OAuthServerSimulation
    let storage = InMemoryCredentialStorage()
    let session: SessionManager
    let events: Recorded

    init(server: OAuthServerSimulation) {
      self.server = server
      session = SessionManager(oauth: server.oauthConfiguration, transport: server, storage: storage, name: "messenger")
      events = Recorded(session.events)
    }
  }

  /// Collects events.
  final class Recorded: @unchecked Sendable {
    let events = Observed<[SessionEvent]>([])
    private let subscription: any Disposable

    init(_ observable: Observable<SessionEvent>) {
      let events = self.events
      subscription = observable.subscribe(onNext: { event in events.update { $0.append(event) } })
    }

    deinit { subscription.dispose() }
  }

  @Test("Sign-in: the browser logs in, the code and verifier are exchanged, the session is signed in and works")
  func signIn() async throws {
    let rig = Rig(server: server)
    try await rig.session.restore()
    let credential = try await rig.session.signIn(
      authorization: authorization, userAgent: SimulatedBrowser(server: server, userID: "ada"), userID: "ada")
    #expect(rig.session.isSignedIn)
    #expect(try rig.session.userID.get() == "ada")
    #expect(try rig.storage.load() == credential)
    #expect(server.statistics.codeExchanges == 1)
    #expect(await rig.events.events.until { $0.contains(.signedIn(credential)) })
    let client = HTTPClient(transport: server, interceptors: [rig.session.interceptor(hosts: ["auth.example.com"])])
    let response = try await client.send(URLRequest(url: server.resourceURL))
    #expect(response.statusCode == 200)
    #expect(String(decoding: response.body, as: UTF8.self).contains("ada"))
  }

  /// Signs in first, then runs a failing sign-in and checks nothing changed.
  func expectNoChange(
    _ expected: AuthError, userAgent: (OAuthServerSimulation) -> any AuthorizationUserAgent,
    configure: (OAuthServerSimulation) -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let rig = Rig(server: server)
    let first = try await rig.session.signIn(
      authorization: authorization, userAgent: SimulatedBrowser(server: server, userID: "ada"))
    let before = try rig.storage.load()
    let eventsBefore = rig.events.events.current
    configure(server)
    await #expect(throws: expected, sourceLocation: sourceLocation) {
      try await rig.session.signIn(authorization: authorization, userAgent: userAgent(server))
    }
    #expect(rig.session.current?.credential == first, sourceLocation: sourceLocation)
    #expect(try rig.storage.load() == before, sourceLocation: sourceLocation)
    #expect(rig.events.events.current == eventsBefore, sourceLocation: sourceLocation)
  }

  @Test("Cancelling the browser: a typed error, the session unchanged")
  func cancelled() async throws {
    try await expectNoChange(.authorization(.cancelled)) { SimulatedBrowser(server: $0, behaviour: .cancel) }
    #expect(AuthError.authorization(.cancelled).kind == .cancelled)
  }

  @Test("A redirect with another state: a typed error, no code exchanged, the session unchanged")
  func wrongState() async throws {
    try await expectNoChange(.authorization(.stateMismatch)) {
      SimulatedBrowser(server: $0, behaviour: .replaceState("forged"))
    }
    #expect(server.statistics.codeExchanges == 1)
    #expect(server.statistics.tokenRequests == 1)
  }

  @Test("The token endpoint fails (500) or answers garbage: typed errors, the session unchanged")
  func serverErrors() async throws {
    try await expectNoChange(
      .tokenEndpoint(
        statusCode: 500, error: OAuthErrorResponse(code: "server_error", errorDescription: "simulated failure")),
      userAgent: { SimulatedBrowser(server: $0) }, configure: { $0.injectTokenFault(.status(500)) })
    try await expectNoChange(
      .malformedTokenResponse(.notJSON(contentType: "text/html", byteCount: 6)),
      userAgent: { SimulatedBrowser(server: $0) }, configure: { $0.injectTokenFault(.malformedBody("<html>")) })
  }

  @Test("A user agent that fails otherwise: userAgentFailed naming the error type, the session unchanged")
  func userAgentFails() async throws {
    struct Broken: AuthorizationUserAgent {
      struct Failure: Error {}
      func authorize(url: URL, redirectURI: URL) async throws -> URL { throw Failure() }
    }
    try await expectNoChange(.authorization(.userAgentFailed("Failure"))) { _ in Broken() }
  }

  @Test("A reused code, or the wrong verifier, is refused at the token endpoint: codeRejected")
  func reusedCode() async throws {
    let refresher = OAuthRefresher(configuration: server.oauthConfiguration, transport: server)
    let request = try AuthorizationRequest(configuration: authorization, clientID: server.configuration.clientID)
    let code = try request.code(from: server.authorize(request.url, userID: "ada"))
    let credential = try await refresher.exchangeCode(code, for: request)
    #expect(credential.refreshToken != nil)
    await #expect(
      throws: AuthError.authorization(
        .codeRejected(OAuthErrorResponse(code: "invalid_grant", errorDescription: "authorization code already used")))
    ) { try await refresher.exchangeCode(code, for: request) }

    let other = try AuthorizationRequest(configuration: authorization, clientID: server.configuration.clientID)
    let otherCode = try other.code(from: server.authorize(other.url, userID: "ada"))
    let forged = try AuthorizationRequest(
      configuration: authorization, clientID: server.configuration.clientID, state: other.state)
    await #expect(throws: AuthError.self) { try await refresher.exchangeCode(otherCode, for: forged) }
    #expect(server.statistics.codeExchanges == 1)
  }

  @Test("The code exchange posts grant_type, code, redirect_uri, code_verifier and client_id")
  func codeExchangeRequest() async throws {
    let transport = TestTransport { _ in
      jsonResponse(200, #"{"access_token":"a","token_type":"Bearer","expires_in":60,"refresh_token":"r"}"#)
    }
    let refresher = OAuthRefresher(
      configuration: OAuthClientConfiguration(tokenEndpoint: server.tokenEndpoint, clientID: "messenger-app"),
      transport: transport)
    let request = try AuthorizationRequest(configuration: authorization, clientID: "messenger-app")
    let credential = try await refresher.exchangeCode("the-code", for: request)
    #expect(credential.accessToken == "a" && credential.refreshToken == "r")
    let sent = try #require(transport.requests.current.first)
    let body = String(decoding: sent.httpBody ?? Data(), as: UTF8.self)
    var fields: [String: String] = [:]
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    #expect(
      fields == [
        "grant_type": "authorization_code", "code": "the-code", "redirect_uri": Self.redirectURI.absoluteString,
        "code_verifier": request.pkce.verifier, "client_id": "messenger-app",
      ])
  }

  @Test("A session that was not made with OAuth configuration refuses code sign-in")
  func needsOAuthSession() async {
    let session = SessionManager(refresher: ScriptedRefresher())
    await #expect(throws: AuthError.self) {
      try await session.signIn(authorization: authorization, userAgent: SimulatedBrowser(server: server))
    }
    #expect(!session.isSignedIn)
  }
}
