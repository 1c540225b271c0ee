import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The token goes only where it belongs.
@Suite("Authorization only for the configured hosts", .timeLimit(.minutes(1)))
struct HostPolicyTests {
  let refresher = ScriptedRefresher()

  func makeClient(_ handler: @escaping @Sendable (URLRequest) async throws -> HTTPResponse) async throws
    -> (HTTPClient, TestTransport, SessionManager)
  {
    let session = SessionManager(refresher: refresher)
    try await session.signIn(.test(access: "secret-access"))
    let transport = TestTransport(handler)
    let client = HTTPClient(
      transport: transport,
      interceptors: [
        session.interceptor(
          hosts: ["api.example.com", "127.0.0.1:8000"],
          excludedURLs: [URL(string: "https://api.example.com/o/token/")!])
      ])
    return (client, transport, session)
  }

  @Test("Another host never gets the token, and its 401 starts no refresh")
  func thirdParty() async throws {
    let (client, transport, _) = try await makeClient { jsonResponse(401, "{}", url: $0.url) }
    _ = try await client.send(URLRequest(url: URL(string: "https://tracker.example.net/pixel")!))
    _ = try await client.send(URLRequest(url: URL(string: "https://api.example.com.evil.net/")!))
    _ = try await client.send(URLRequest(url: URL(string: "http://api.example.com/plain-http")!))
    _ = try await client.send(URLRequest(url: URL(string: "http://127.0.0.1:9000/other-port")!))
    #expect(transport.requests.current.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == nil })
    #expect(refresher.log.current.calls == 0)
  }

  @Test("Configured hosts get the token; loopback over plain HTTP too; the token endpoint does not")
  func configuredHosts() async throws {
    let (client, transport, _) = try await makeClient { jsonResponse(200, "{}", url: $0.url) }
    _ = try await client.send(URLRequest(url: URL(string: "https://API.example.com/me")!))
    _ = try await client.send(URLRequest(url: URL(string: "http://127.0.0.1:8000/api/hello/")!))
    _ = try await client.send(URLRequest(url: URL(string: "https://api.example.com/o/token/")!))
    let headers = transport.requests.current.map { $0.value(forHTTPHeaderField: "Authorization") }
    #expect(headers == ["Bearer secret-access", "Bearer secret-access", nil])
  }

  @Test("A cross-host redirect drops the token, for that hop and every later one; its 401 refreshes nothing")
  func crossHostRedirect() async throws {
    let (client, transport, _) = try await makeClient { request in
      switch request.url?.host {
      case "api.example.com" where request.url?.path == "/start":
        return HTTPResponse(statusCode: 302, headers: ["Location": "https://cdn.example.org/file"], url: request.url)
      case "cdn.example.org":
        return HTTPResponse(statusCode: 307, headers: ["Location": "https://api.example.com/back"], url: request.url)
      default:
        return jsonResponse(401, "{}", url: request.url)
      }
    }
    let response = try await client.send(URLRequest(url: URL(string: "https://api.example.com/start")!))
    #expect(response.statusCode == 401)
    let sent = transport.requests.current.map {
      ($0.url?.absoluteString ?? "", $0.value(forHTTPHeaderField: "Authorization"))
    }
    #expect(
      sent.map(\.0) == [
        "https://api.example.com/start", "https://cdn.example.org/file", "https://api.example.com/back",
      ])
    #expect(sent.map(\.1) == ["Bearer secret-access", nil, nil])
    #expect(refresher.log.current.calls == 0)
  }

  @Test("A request this interceptor did not authorize is not retried, even redirected to a path it would authorize")
  func callersOwnBearerIsNotRetried() async throws {
    let (client, transport, _) = try await makeClient { request in
      guard request.url?.path == "/private" else {
        return HTTPResponse(statusCode: 302, headers: ["Location": "/private"], url: request.url)
      }
      return jsonResponse(
        401, "{}", url: request.url,
        headers: ["WWW-Authenticate": "Bearer error=\"insufficient_scope\", scope=\"admin\""])
    }
    // The token endpoint is excluded: the interceptor leaves the caller's own bearer alone there.
    var request = URLRequest(url: URL(string: "https://api.example.com/o/token/")!)
    request.setValue("Bearer partner-key", forHTTPHeaderField: "Authorization")
    let response = try await client.send(request)
    #expect(response.statusCode == 401)
    #expect(transport.requests.current.count == 2)
    #expect(refresher.log.current.calls == 0)
  }

  @Test("A same-host redirect keeps the token; 303 turns a POST into a GET without body")
  func sameHostRedirect() async throws {
    let (client, transport, _) = try await makeClient { request in
      if request.url?.path == "/submit" {
        return HTTPResponse(statusCode: 303, headers: ["Location": "/result"], url: request.url)
      }
      return jsonResponse(200, "{}", url: request.url)
    }
    var request = URLRequest(url: URL(string: "https://api.example.com/submit")!)
    request.httpMethod = "POST"
    request.httpBody = Data("a=1".utf8)
    #expect(try await client.send(request).statusCode == 200)
    let second = try #require(transport.requests.current.last)
    #expect(second.url?.absoluteString == "https://api.example.com/result")
    #expect(second.httpMethod == "GET")
    #expect(second.httpBody == nil)
    #expect(second.value(forHTTPHeaderField: "Authorization") == "Bearer secret-access")
  }

  @Test("A request to another host works while signed out; one to a configured host fails with notSignedIn")
  func signedOut() async throws {
    let (client, transport, session) = try await makeClient { jsonResponse(200, "{}", url: $0.url) }
    try await session.signOut()
    #expect(try await client.send(URLRequest(url: URL(string: "https://cdn.example.org/a")!)).statusCode == 200)
    await #expect(throws: AuthError.notSignedIn) {
      try await client.send(URLRequest(url: URL(string: "https://api.example.com/me")!))
    }
    #expect(transport.requests.current.count == 1)
  }

  @Test("The stricter predicate wants WWW-Authenticate: Bearer error=\"invalid_token\"")
  func invalidTokenChallenge() {
    #expect(
      AuthInterceptor.invalidTokenChallenge(
        jsonResponse(401, "{}", headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])))
    #expect(!AuthInterceptor.invalidTokenChallenge(jsonResponse(401, "{}")))
    #expect(
      !AuthInterceptor.invalidTokenChallenge(
        jsonResponse(401, "{}", headers: ["WWW-Authenticate": "Basic realm=\"x\""])))
    #expect(
      !AuthInterceptor.invalidTokenChallenge(
        jsonResponse(403, "{}", headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""])))
  }

  @Test("The default predicate is status 401, with or without a challenge")
  func unauthorizedPredicate() {
    #expect(AuthInterceptor.unauthorized(jsonResponse(401, "{}")))
    #expect(
      AuthInterceptor.unauthorized(
        jsonResponse(401, "{}", headers: ["WWW-Authenticate": "Bearer error=\"insufficient_scope\""])))
    #expect(!AuthInterceptor.unauthorized(jsonResponse(403, "{}")))
    #expect(!AuthInterceptor.unauthorized(jsonResponse(200, "{}")))
  }

  @Test("A request's bearer token is read as the credential writes it; another scheme or none reads as nil")
  func bearerTokenOfARequest() {
    var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
    #expect(Credential.bearerToken(in: request) == nil)
    request.setValue(Credential.test(access: "a b+c").authorizationHeaderValue, forHTTPHeaderField: "Authorization")
    #expect(Credential.bearerToken(in: request) == "a b+c")
    request.setValue("bEaReR xyz", forHTTPHeaderField: "authorization")
    #expect(Credential.bearerToken(in: request) == "xyz")
    for other in ["Basic dXNlcjpwdw==", "Bearer ", "Bearer", "Bearerxyz"] {
      request.setValue(other, forHTTPHeaderField: "Authorization")
      #expect(Credential.bearerToken(in: request) == nil, "\(other)")
    }
  }

  @Test("The token endpoint never gets the bearer, even on a protected host; unprotected requests go out signed out")
  func bearerOnlyWhereItBelongs() async throws {
    let tokenURL = URL(string: "https://api.example.com/o/token/")!
    let headers = Observed<[String: String?]>([:])
    let transport = TestTransport { request in
      headers.update { $0[request.url!.absoluteString] = request.value(forHTTPHeaderField: "Authorization") }
      return jsonResponse(200, "{}", url: request.url)
    }
    let session = SessionManager(
      oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: "app"), transport: transport)
    let client = HTTPClient(transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])])
    let resource = URL(string: "https://api.example.com/me")!
    let elsewhere = URL(string: "https://cdn.example.com/logo.png")!
    // Signed out: the sign-in call and other hosts go out unchanged; the protected API does not.
    var signInCall = URLRequest(url: tokenURL)
    signInCall.httpMethod = "POST"
    #expect(try await client.send(signInCall).statusCode == 200)
    #expect(try await client.send(URLRequest(url: elsewhere)).statusCode == 200)
    await #expect(throws: AuthError.notSignedIn) { try await client.send(URLRequest(url: resource)) }
    // Signed in: the API gets the bearer; the token endpoint on the same host still does not.
    try await session.signIn(.test())
    #expect(try await client.send(URLRequest(url: resource)).statusCode == 200)
    #expect(try await client.send(signInCall).statusCode == 200)
    #expect(headers.current[resource.absoluteString] == .some("Bearer at-0"))
    #expect(headers.current[tokenURL.absoluteString] == .some(nil))
    #expect(headers.current[elsewhere.absoluteString] == .some(nil))
  }
}
