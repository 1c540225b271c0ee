import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `WWW-Authenticate` read with the RFC 9110 grammar, and what the interceptor does with RFC 6750's
/// error codes.
@Suite("WWW-Authenticate challenges", .timeLimit(.minutes(1)))
struct ChallengeTests {
  typealias Challenge = AuthenticationChallenge

  // MARK: The parser

  @Test("Auth-params with quoted strings, escapes, bad whitespace and case-insensitive names")
  func parameters() throws {
    let parsed = try Challenge.parse(
      #"Bearer realm="api \"v2\", ok", ERROR = invalid_token,error_description="the token\\expired""#)
    #expect(
      parsed == [
        Challenge(
          scheme: "bearer", token68: nil,
          parameters: ["realm": #"api "v2", ok"#, "error": "invalid_token", "error_description": #"the token\expired"#])
      ])
  }

  @Test("Several challenges in one field, token68, empty list elements and a scheme alone")
  func severalChallenges() throws {
    let parsed = try Challenge.parse(#", Newauth realm="apps", type=1, , Negotiate abc+/9==, Basic, Bearer error="x""#)
    #expect(parsed.map(\.scheme) == ["newauth", "negotiate", "basic", "bearer"])
    #expect(parsed[0].parameters == ["realm": "apps", "type": "1"])
    #expect(parsed[1].token68 == "abc+/9==" && parsed[1].parameters.isEmpty)
    #expect(parsed[2].token68 == nil && parsed[2].parameters.isEmpty)
    #expect(parsed[3].parameters == ["error": "x"])
    #expect(try Challenge.parse("") == [])
  }

  @Test(
    "Hostile or broken headers are typed errors",
    arguments: [
      (#"Bearer error="invalid_token"#, Challenge.ParseError.unterminatedQuotedString(offset: 13)),
      (#"Bearer error="a\"#, .unterminatedQuotedString(offset: 13)),
      ("Bearer realm=x, error=", .expectedValue(offset: 22)),
      (#"Bearer error="a", error="b""#, .duplicateParameter("error")),
      ("=Bearer", .expectedScheme(offset: 0)),
      ("Bearer realm=a b", .unexpectedCharacter(offset: 15)),
      ("Bearer \"x\"", .unexpectedCharacter(offset: 7)),
      ("Bearer error=\"\u{1}\"", .unexpectedCharacter(offset: 14)),
    ])
  func malformed(header: String, error: Challenge.ParseError) {
    #expect(throws: error) { try Challenge.parse(header) }
  }

  @Test("A header over 16 KiB is refused unread; deep nesting of quotes and commas costs nothing")
  func limits() {
    #expect(throws: Challenge.ParseError.tooLong) {
      try Challenge.parse("Bearer realm=\"" + String(repeating: "a", count: 20_000) + "\"")
    }
    let commas = String(repeating: ",", count: 10_000)
    #expect((try? Challenge.parse(commas)) == [])
  }

  @Test("The verdict reads every WWW-Authenticate field and ignores other schemes and malformed ones")
  func verdict() {
    func verdict(_ headers: [String: String], status: Int = 401) -> BearerChallenge {
      BearerChallenge(HTTPResponse(statusCode: status, headers: headers))
    }
    #expect(verdict([:]) == .none)
    #expect(verdict(["WWW-Authenticate": #"Bearer realm="x""#]) == .none)
    #expect(verdict(["WWW-Authenticate": #"Basic realm="x", error="insufficient_scope""#]) == .none)
    #expect(verdict(["www-authenticate": #"Bearer error="invalid_token"#]) == .none)
    #expect(
      verdict(["WWW-Authenticate": #"Basic realm="x", Bearer realm="y", error="invalid_token""#]) == .invalidToken)
    #expect(
      verdict([
        "WWW-Authenticate": #"DPoP error="invalid_token""#,
        "www-authenticate": #"Bearer error="insufficient_scope", scope="admin read""#,
      ]) == .insufficientScope(scope: "admin read"))
    #expect(verdict(["WWW-Authenticate": #"Bearer error="invalid_request""#]) == .otherError("invalid_request"))
    // A look-alike that a substring check took for invalid_token.
    #expect(verdict(["WWW-Authenticate": #"Bearer error_description="not invalid_token""#]) == .none)
    #expect(
      !AuthInterceptor.invalidTokenChallenge(
        HTTPResponse(statusCode: 401, headers: ["WWW-Authenticate": #"Bearer realm="invalid_token""#])))
    #expect(
      !AuthInterceptor.invalidTokenChallenge(
        HTTPResponse(statusCode: 401, headers: ["WWW-Authenticate": #"Bearerish error="invalid_token""#])))
  }

  // MARK: The interceptor

  func makeClient(
    _ handler: @escaping @Sendable (URLRequest) async throws -> HTTPResponse
  ) async throws -> (HTTPClient, TestTransport, ScriptedRefresher) {
    let refresher = ScriptedRefresher()
    let session = SessionManager(refresher: refresher)
    try await session.signIn(.test(access: "at-0"))
    let transport = TestTransport(handler)
    let client = HTTPClient(transport: transport, interceptors: [session.interceptor(hosts: ["api.example.com"])])
    return (client, transport, refresher)
  }

  static let url = URL(string: "https://api.example.com/me")!

  /// 401 with `challenge` for the first token, 200 for a refreshed one.
  static func answer(_ challenge: String?, status: Int = 401) -> @Sendable (URLRequest) -> HTTPResponse {
    { request in
      guard request.value(forHTTPHeaderField: "Authorization") == "Bearer at-0" else {
        return jsonResponse(200, "{}", url: request.url)
      }
      return jsonResponse(status, "{}", url: request.url, headers: challenge.map { ["WWW-Authenticate": $0] } ?? [:])
    }
  }

  @Test(
    "invalid_token and a bare 401 refresh and retry once",
    arguments: [#"Bearer realm="api", error="invalid_token""#, #"Bearer realm="api""#, nil])
  func refreshes(challenge: String?) async throws {
    let (client, transport, refresher) = try await makeClient(Self.answer(challenge))
    #expect(try await client.send(URLRequest(url: Self.url)).statusCode == 200)
    #expect(refresher.log.current.calls == 1)
    #expect(transport.requests.current.count == 2)
  }

  @Test(
    "insufficient_scope, on a 401 or a 403, refreshes nothing and fails with the scope required", arguments: [401, 403])
  func insufficientScope(status: Int) async throws {
    let (client, transport, refresher) = try await makeClient(
      Self.answer(#"Bearer realm="api", error="insufficient_scope", scope="admin""#, status: status))
    await #expect(throws: AuthError.insufficientScope(requiredScope: "admin")) {
      try await client.send(URLRequest(url: Self.url))
    }
    #expect(refresher.log.current.calls == 0)
    #expect(transport.requests.current.count == 1)
    #expect(AuthError.insufficientScope(requiredScope: "admin").kind == .account)
    #expect(!AuthError.insufficientScope(requiredScope: nil).isFatal)
  }

  @Test(
    "Another Bearer error code, or a 403 without insufficient_scope, is returned as it is",
    arguments: [(#"Bearer error="invalid_request""#, 401), (#"Bearer error="invalid_token""#, 403)])
  func otherErrors(challenge: String, status: Int) async throws {
    let (client, transport, refresher) = try await makeClient(Self.answer(challenge, status: status))
    #expect(try await client.send(URLRequest(url: Self.url)).statusCode == status)
    #expect(refresher.log.current.calls == 0)
    #expect(transport.requests.current.count == 1)
  }

  @Test("A malformed challenge counts as a bare 401: refresh and retry once")
  func malformedChallenge() async throws {
    let (client, _, refresher) = try await makeClient(Self.answer(#"Bearer error="insufficient_scope"#))
    #expect(try await client.send(URLRequest(url: Self.url)).statusCode == 200)
    #expect(refresher.log.current.calls == 1)
  }
}
