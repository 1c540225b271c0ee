import Foundation
import OAuthSimulation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Codes, verifiers, states and the tokens of both sessions of a chain never appear in
/// descriptions, errors, dumps or log lines.
@Suite("Redaction: sign-in and dependent sessions", .timeLimit(.minutes(1)))
struct SignInRedactionTests {
  let verifier = "VERIFIER0123456789abcdefghijklmnopqrstuvwxyzABCDEF"
  let state = "STATE-9c1e77a0"

  func assertClean(_ text: String, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for secret in secrets {
      #expect(!text.contains(secret), "a secret leaked: \(text)", sourceLocation: sourceLocation)
    }
  }

  func assertEveryFormClean<Value>(
    _ value: Value, _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertClean(String(describing: value), secrets, sourceLocation: sourceLocation)
    assertClean(String(reflecting: value), secrets, sourceLocation: sourceLocation)
    var dumped = ""
    dump(value, to: &dumped)
    assertClean(dumped, secrets, sourceLocation: sourceLocation)
  }

  @Test("PKCE and AuthorizationRequest hide the verifier and the state")
  func request() throws {
    let pkce = try PKCE(verifier: verifier)
    assertEveryFormClean(pkce, [verifier])
    let request = try AuthorizationRequest(
      configuration: AuthorizationConfiguration(
        authorizationEndpoint: URL(string: "https://auth.example.com/o/authorize/")!,
        redirectURI: URL(string: "com.example.app:/cb")!),
      clientID: "c", state: state, pkce: pkce)
    assertEveryFormClean(request, [verifier, state])
    #expect(request.description.contains(pkce.challenge))
  }

  @Test("Sign-in errors name no code, state or token")
  func errors() {
    let errors: [AuthError] = [
      .authorization(.cancelled), .authorization(.userAgentFailed("Failure")), .authorization(.redirectMismatch),
      .authorization(.stateMismatch), .authorization(.missingCode),
      .authorization(.denied(OAuthErrorResponse(code: "access_denied", errorDescription: "no"))),
      .authorization(.codeRejected(OAuthErrorResponse(code: "invalid_grant"))),
      .exchangeRejected(OAuthErrorResponse(code: "invalid_request")),
      .upstreamSignedOut(
        session: "messenger", reason: .refreshRejected(.refreshRejected(.init(code: "invalid_grant")))),
    ]
    for error in errors {
      #expect(error.description.count > 30, "\(error)")
      #expect(
        error.isFatal == (error.kind == .account && !{ if case .authorization = error { true } else { false } }()))
    }
  }

  @Test("Both sessions of a chain: log lines, events and dumps hold no token, code or verifier")
  func chain() async throws {
    let lines = Observed<[String]>([])
    let messengerServer = OAuthServerSimulation(
      configuration: .init(baseURL: URL(string: "https://messenger.example.com")!, clientID: "m"))
    let paymentServer = OAuthServerSimulation(
      configuration: .init(baseURL: URL(string: "https://pay.example.com")!, clientID: "p"), upstream: messengerServer)
    let log: AuthLogHandler = { message in lines.update { $0.append(message.description) } }
    let messenger = SessionManager(
      oauth: messengerServer.oauthConfiguration, transport: messengerServer, log: log, name: "messenger")
    let payment = SessionManager(
      dependingOn: messenger, exchange: .rfc8693(client: paymentServer.oauthConfiguration), transport: paymentServer,
      log: log, name: "payment")
    let events = AuthorizationCodeTests.Recorded(payment.events)
    let messengerEvents = AuthorizationCodeTests.Recorded(messenger.events)
    let codes = Locked<[String]>([])
    struct Browser: AuthorizationUserAgent {
      let server: OAuthServerSimulation
      let codes: Locked<[String]>
      func authorize(url: URL, redirectURI: URL) async throws -> URL {
        let redirect = server.authorize(url, userID: "ada")
        let code = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }
        codes.withLock { $0.append(code?.value ?? "") }
        return redirect
      }
    }
    let messengerCredential = try await messenger.signIn(
      authorization: AuthorizationConfiguration(
        authorizationEndpoint: URL(string: "https://messenger.example.com/o/authorize/")!,
        redirectURI: URL(string: "com.example.app:/cb")!),
      userAgent: Browser(server: messengerServer, codes: codes))
    let first = try await payment.validSession()
    messengerServer.expireAccessTokens()
    paymentServer.expireAccessTokens()
    paymentServer.revokeFamily(of: try #require(first.refreshToken))
    let second = try await payment.refresh(
      afterFailureOf: {
        var request = URLRequest(url: paymentServer.resourceURL)
        request.setValue(first.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
        return request
      }())
    try await messenger.signOut()
    #expect(await events.events.until { $0.contains { if case .signedOut = $0 { true } else { false } } })
    let renewedMessenger = try #require(
      messengerEvents.events.current.compactMap { event -> Credential? in
        if case .tokenRefreshed(let credential) = event { return credential }
        return nil
      }.last)
    var secrets = [
      messengerCredential.accessToken, renewedMessenger.accessToken, first.accessToken, second.accessToken,
    ]
    secrets += [
      messengerCredential.refreshToken, renewedMessenger.refreshToken, first.refreshToken, second.refreshToken,
    ]
    .compactMap { $0 }
    secrets += codes.value
    #expect(secrets.count == 9 && !codes.value.contains(""))
    for line in lines.current { assertClean(line, secrets) }
    for event in events.events.current + messengerEvents.events.current { assertClean(event.description, secrets) }
    assertEveryFormClean(payment, secrets)
    #expect(lines.current.contains { $0.contains("obtaining") })
  }
}
