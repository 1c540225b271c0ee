import Foundation
import OAuthSimulation
@testable import StreamsAuth
import StreamsTest
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The OAuth 2.0 refresh grant: the request it sends and what it makes of every kind of reply.
@Suite("OAuth 2.0 refresh grant", .timeLimit(.minutes(1)))
struct RefreshGrantTests {
  let endpoint = URL(string: "https://auth.example.com/o/token/")!
  let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)
  let previous = Credential(
    accessToken: "old-access", refreshToken: "old-refresh", expiresAt: nil, scope: "read", userID: "ada")

  func refresher(secret: String? = nil, method: OAuthClientConfiguration.ClientAuthentication = .automatic)
    -> OAuthRefresher
  {
    OAuthRefresher(
      configuration: OAuthClientConfiguration(
        tokenEndpoint: endpoint, clientID: "ios app", clientSecret: secret, clientAuthentication: method),
      transport: TestTransport { _ in jsonResponse(500, "{}") })
  }

  func form(_ request: URLRequest) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in String(decoding: request.httpBody ?? Data(), as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return fields
  }

  @Test("A public client posts a form with grant_type, refresh_token and client_id, and no Authorization")
  func publicClientRequest() throws {
    let request = try refresher().makeRequest(for: previous)
    #expect(request.httpMethod == "POST")
    #expect(request.url == endpoint)
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(form(request) == ["grant_type": "refresh_token", "refresh_token": "old-refresh", "client_id": "ios app"])
    #expect(String(decoding: request.httpBody!, as: UTF8.self).contains("client_id=ios%20app"))
  }

  @Test("A confidential client uses HTTP Basic with the form-encoded id and secret")
  func confidentialClientRequest() throws {
    let request = try refresher(secret: "s3cr:t").makeRequest(for: previous)
    let header = try #require(request.value(forHTTPHeaderField: "Authorization"))
    #expect(header.hasPrefix("Basic "))
    let decoded = String(decoding: Data(base64Encoded: String(header.dropFirst(6)))!, as: UTF8.self)
    #expect(decoded == "ios%20app:s3cr%3At")
    #expect(form(request) == ["grant_type": "refresh_token", "refresh_token": "old-refresh"])
    let body = try refresher(secret: "s3cr:t", method: .requestBody).makeRequest(for: previous)
    #expect(body.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(form(body)["client_secret"] == "s3cr:t")
  }

  @Test("A credential with no refresh token cannot be refreshed")
  func noRefreshToken() {
    #expect(throws: AuthError.noRefreshToken) {
      try refresher().makeRequest(for: Credential(accessToken: "a", refreshToken: nil, expiresAt: nil))
    }
  }

  @Test("A full reply: new tokens, absolute expiry from expires_in, scope replaced, user kept")
  func fullReply() throws {
    let reply = jsonResponse(
      200,
      #"{"access_token":"new-access","token_type":"bearer","expires_in":3600,"refresh_token":"new-refresh","scope":"read write"}"#
    )
    let credential = try refresher().credential(from: reply, previous: previous, receivedAt: receivedAt)
    #expect(
      credential
        == Credential(
          accessToken: "new-access", refreshToken: "new-refresh", expiresAt: receivedAt.addingTimeInterval(3600),
          scope: "read write", userID: "ada", issuedAt: receivedAt))
  }

  @Test("A reply without refresh_token keeps the old one (RFC 6749 §6); expires_in may be a string")
  func keepsRefreshToken() throws {
    let reply = jsonResponse(200, #"{"access_token":"new-access","token_type":"Bearer","expires_in":"60"}"#)
    let credential = try refresher().credential(from: reply, previous: previous, receivedAt: receivedAt)
    #expect(credential.refreshToken == "old-refresh")
    #expect(credential.scope == "read")
    #expect(credential.expiresAt == receivedAt.addingTimeInterval(60))
    let noExpiry = jsonResponse(200, #"{"access_token":"a","token_type":"Bearer"}"#)
    #expect(try refresher().credential(from: noExpiry, previous: previous, receivedAt: receivedAt).expiresAt == nil)
  }

  @Test(
    "Malformed replies give typed errors that say what was wrong",
    arguments: [
      ("<html>502 Bad Gateway</html>", MalformedTokenResponse.notJSON(contentType: "application/json", byteCount: 28)),
      ("[1, 2]", .notAnObject),
      (#"{"token_type":"Bearer"}"#, .missingField("access_token")),
      (#"{"access_token":null,"token_type":"Bearer"}"#, .missingField("access_token")),
      (#"{"access_token":42,"token_type":"Bearer"}"#, .invalidField("access_token", expected: "a non-empty string")),
      (#"{"access_token":"","token_type":"Bearer"}"#, .invalidField("access_token", expected: "a non-empty string")),
      (#"{"access_token":"a"}"#, .missingField("token_type")),
      (#"{"access_token":"a","token_type":"mac"}"#, .unsupportedTokenType("mac")),
      (
        #"{"access_token":"a","token_type":"Bearer","expires_in":-5}"#,
        .invalidField("expires_in", expected: "a non-negative number of seconds")
      ),
      (
        #"{"access_token":"a","token_type":"Bearer","expires_in":true}"#,
        .invalidField("expires_in", expected: "a non-negative number of seconds")
      ),
      (
        #"{"access_token":"a","token_type":"Bearer","refresh_token":7}"#,
        .invalidField("refresh_token", expected: "a non-empty string")
      ),
      ("", .notJSON(contentType: "application/json", byteCount: 0)),
    ])
  func malformed(body: String, problem: MalformedTokenResponse) {
    #expect(throws: AuthError.malformedTokenResponse(problem)) {
      try refresher().credential(from: jsonResponse(200, body), previous: previous, receivedAt: receivedAt)
    }
    let error = AuthError.malformedTokenResponse(problem)
    #expect(error.isTemporary && !error.isFatal && error.kind == .server)
    #expect(error.description.contains(problem.description))
  }

  @Test("invalid_grant is fatal; client errors, 5xx, 429 and 408 are not, and are told apart")
  func errorClassification() throws {
    func classify(_ status: Int, _ body: String) -> AuthError? {
      do {
        _ = try refresher().credential(from: jsonResponse(status, body), previous: previous, receivedAt: receivedAt)
        return nil
      } catch {
        return error
      }
    }
    let rejected = try #require(classify(400, #"{"error":"invalid_grant","error_description":"reused"}"#))
    #expect(rejected == .refreshRejected(OAuthErrorResponse(code: "invalid_grant", errorDescription: "reused")))
    #expect(rejected.isFatal && rejected.kind == .account && !rejected.isTemporary)
    let client = try #require(classify(401, #"{"error":"invalid_client"}"#))
    #expect(!client.isFatal && client.kind == .client && !client.isTemporary)
    for status in [500, 502, 503, 429, 408] {
      let error = try #require(classify(status, "<html>busy</html>"))
      #expect(error == .tokenEndpoint(statusCode: status, error: nil))
      #expect(error.isTemporary && !error.isFatal && error.kind == .server)
    }
  }

  @Test("Vendor codes can be made fatal")
  func vendorFatalCodes() {
    let refresher = OAuthRefresher(
      configuration: OAuthClientConfiguration(
        tokenEndpoint: endpoint, clientID: "c", fatalErrorCodes: ["invalid_grant", "refresh_token_already_used"]),
      transport: TestTransport { _ in jsonResponse(500, "{}") })
    #expect(throws: AuthError.refreshRejected(OAuthErrorResponse(code: "refresh_token_already_used"))) {
      try refresher.credential(
        from: jsonResponse(400, #"{"error":"refresh_token_already_used"}"#), previous: previous, receivedAt: receivedAt)
    }
  }

  @Test("POST /token is not sent again after an unclear failure (timeout, connection lost)")
  func noBlindRetry() async {
    for reason in [TransportError.Reason.timedOut, .connectionLost, .badServerResponse] {
      let transport = TestTransport { _ in throw TransportError(reason) }
      let refresher = OAuthRefresher(
        configuration: OAuthClientConfiguration(tokenEndpoint: endpoint, clientID: "c"), transport: transport)
      await #expect(throws: AuthError.network(TransportError(reason))) { try await refresher.refresh(previous) }
      #expect(transport.requests.current.count == 1)
    }
  }

  @Test("A response lost after the server rotated is reported, not retried; with no grace period the session ends")
  func lostResponseAfterCommit() async throws {
    let server = OAuthServerSimulation()
    let scheduler = TestScheduler(initialClock: 0)
    let session = SessionManager(oauth: server.oauthConfiguration, transport: server, scheduler: scheduler)
    let recorder = EventRecorder(session.events)
    try await session.signIn(server.signIn())
    let generation = try #require(session.current).generation
    server.injectTokenFault(.dropResponseAfterCommit)
    let lost = AuthError.network(
      TransportError(.connectionLost, detail: "simulated: response lost after the server committed"))
    await #expect(throws: lost) { try await session.refresh(ifGeneration: generation) }
    #expect(server.statistics.tokenRequests == 1)
    #expect(session.current != nil)
    // After the cooldown the client tries again with the token the server already rotated:
    // reuse, the family is revoked, and the client signs out cleanly.
    scheduler.advanceTo(scheduler.clock + 10)
    await #expect(throws: AuthError.self) { try await session.refresh(ifGeneration: generation) }
    #expect(server.statistics.tokenRequests == 2)
    #expect(server.statistics.reuseDetections == 1)
    #expect(session.current == nil)
    #expect(
      await recorder.events.until { events in
        events.contains { if case .signedOut(.refreshRejected) = $0 { return true } else { return false } }
      })
  }

  @Test("With a grace period, the same lost response is recovered by presenting the token again")
  func gracePeriodRecovers() async throws {
    let server = OAuthServerSimulation(configuration: .init(gracePeriod: 30))
    let first = server.signIn()
    server.injectTokenFault(.dropResponseAfterCommit)
    let refresher = OAuthRefresher(configuration: server.oauthConfiguration, transport: server)
    await #expect(throws: AuthError.self) { try await refresher.refresh(first) }
    let recovered = try await refresher.refresh(first)
    #expect(server.statistics.reuseDetections == 0)
    #expect(server.isSessionActive(recovered))
  }

  @Test("A request that surely never left (connection refused) is sent once more")
  func retryWhenSurelyNotSent() async throws {
    let server = OAuthServerSimulation()
    let credential = server.signIn()
    server.injectTokenFault(.connectionRefused)
    let refresher = OAuthRefresher(configuration: server.oauthConfiguration, transport: server)
    let renewed = try await refresher.refresh(credential)
    #expect(renewed.accessToken != credential.accessToken)
    #expect(server.statistics.tokenRequests == 1)
  }

  @Test("Cancellation of the refresh becomes AuthError.cancelled")
  func cancellation() async {
    let gate = Gate()
    let refresher = OAuthRefresher(
      configuration: OAuthClientConfiguration(tokenEndpoint: endpoint, clientID: "c"),
      transport: TestTransport { _ in
        do {
          try await gate.waitUnlessCancelled()
        } catch {
          throw TransportError(.cancelled)
        }
        return jsonResponse(200, "{}")
      })
    let previous = self.previous
    let task = Task { try await refresher.refresh(previous) }
    await gate.arrived(1)
    task.cancel()
    await #expect(throws: AuthError.cancelled) { try await task.value }
  }
}
