import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sign-out revokes the tokens at the server (RFC 7009); the device forgets them whatever it says.
@Suite("Sign-out revokes", .timeLimit(.minutes(1)))
struct RevocationTests {
  let tokenURL = URL(string: "https://auth.example.com/o/token/")!
  let revokeURL = URL(string: "https://auth.example.com/o/revoke_token/")!

  func form(_ request: URLRequest) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in String(decoding: request.httpBody ?? Data(), as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
  }

  func makeSession(
    secret: String? = nil, revokesAccessToken: Bool = false, endpoint: Bool = true,
    _ handler: @escaping @Sendable (URLRequest) async throws -> HTTPResponse
  ) async throws -> (SessionManager, TestTransport, RecordingStorage, EventRecorder) {
    let transport = TestTransport(handler)
    let storage = RecordingStorage()
    let oauth = OAuthClientConfiguration(
      tokenEndpoint: tokenURL, clientID: "app", clientSecret: secret, revocationEndpoint: endpoint ? revokeURL : nil,
      revokesAccessToken: revokesAccessToken)
    let session = SessionManager(oauth: oauth, transport: transport, storage: storage)
    let events = EventRecorder(session.events)
    try await session.signIn(.test(access: "at-secret", refresh: "rt-secret"))
    return (session, transport, storage, events)
  }

  @Test("A public client posts the refresh token with its hint and client_id, after the session was cleared")
  func publicClient() async throws {
    let cleared = Locked(false)
    let storageBox = Locked<RecordingStorage?>(nil)
    let (session, transport, storage, events) = try await makeSession { _ in
      cleared.withLock { $0 = storageBox.withLock { $0?.credential == nil } }
      return HTTPResponse(statusCode: 200)
    }
    storageBox.withLock { $0 = storage }
    try await session.signOut()
    let requests = transport.requests.current
    #expect(requests.count == 1)
    let request = try #require(requests.first)
    #expect(request.url == revokeURL && request.httpMethod == "POST")
    #expect(form(request) == ["token": "rt-secret", "token_type_hint": "refresh_token", "client_id": "app"])
    #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(cleared.withLock { $0 }, "the revocation went out before storage was cleared")
    #expect(!session.isSignedIn)
    #expect(events.events.current.last == .signedOut(.requested))
  }

  @Test("A confidential client uses HTTP Basic; the access token follows when configured")
  func confidentialWithAccessToken() async throws {
    let (session, transport, _, _) = try await makeSession(secret: "s3cret", revokesAccessToken: true) { _ in
      HTTPResponse(statusCode: 200)
    }
    try await session.signOut()
    let requests = transport.requests.current
    #expect(
      requests.map { form($0) } == [
        ["token": "rt-secret", "token_type_hint": "refresh_token"],
        ["token": "at-secret", "token_type_hint": "access_token"],
      ])
    let basic = "Basic " + Data("app:s3cret".utf8).base64EncodedString()
    #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == basic })
  }

  @Test("Without a revocation endpoint, or signed out already, nothing is sent")
  func nothingToRevoke() async throws {
    let (session, transport, _, _) = try await makeSession(endpoint: false) { _ in HTTPResponse(statusCode: 200) }
    try await session.signOut()
    try await session.signOut()
    #expect(transport.requests.current.isEmpty)
  }

  @Test("A failed revocation is a typed error; the session is gone from memory and storage all the same")
  func failure() async throws {
    let (session, transport, storage, events) = try await makeSession { _ in
      jsonResponse(503, #"{"error": "temporarily_unavailable"}"#)
    }
    let error = await #expect(throws: AuthError.self) { try await session.signOut() }
    guard case .revocationFailed(.tokenEndpoint(503, let oauth)) = error else {
      Issue.record("unexpected \(String(describing: error))")
      return
    }
    #expect(oauth?.code == "temporarily_unavailable")
    #expect(error?.isTemporary == true && error?.kind == .server && error?.isFatal == false)
    #expect(!session.isSignedIn)
    #expect(storage.credential == nil)
    #expect(events.events.current.last == .signedOut(.requested))
    #expect(transport.requests.current.count == 1, "an answered failure is not sent again")
    let text = "\(String(describing: error))"
    #expect(!text.contains("rt-secret") && !text.contains("at-secret"))
  }

  @Test("A network failure is sent once more (revocation is idempotent), then reported")
  func networkFailure() async throws {
    let (session, transport, _, _) = try await makeSession { _ in
      throw TransportError(.timedOut, detail: "test")
    }
    await #expect(throws: AuthError.revocationFailed(.network(TransportError(.timedOut, detail: "test")))) {
      try await session.signOut()
    }
    #expect(transport.requests.current.count == 2)
    #expect(!session.isSignedIn)
  }

  @Test("unsupported_token_type for the access token is not a failure; for the refresh token it is")
  func unsupportedTokenType() async throws {
    let (session, _, _, _) = try await makeSession(revokesAccessToken: true) { request in
      if request.httpBody.map({ String(decoding: $0, as: UTF8.self) })?.contains("hint=access_token") == true {
        return jsonResponse(400, #"{"error": "unsupported_token_type"}"#)
      }
      return HTTPResponse(statusCode: 200)
    }
    try await session.signOut()

    let (other, _, _, _) = try await makeSession { _ in jsonResponse(400, #"{"error": "unsupported_token_type"}"#) }
    await #expect(throws: AuthError.self) { try await other.signOut() }
  }

  @Test("A sign-in right after sign-out is not held up by the revocation")
  func signInDuringRevocation() async throws {
    let gate = Gate()
    let (session, _, _, _) = try await makeSession { _ in
      try await gate.waitUnlessCancelled()
      return HTTPResponse(statusCode: 200)
    }
    let signOut = Task { try await session.signOut() }
    let deadline = ContinuousClock.now + .seconds(10)
    while session.isSignedIn && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    try await session.signIn(.test(access: "at-next", refresh: "rt-next"))
    #expect(session.isSignedIn)
    gate.open()
    try await signOut.value
    #expect(try session.accessToken.get() == "at-next")
  }
}
