import Foundation
import OAuthSimulation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The four-token chain against real servers: a messenger session signed in with an
/// authorization code and PKCE through django-oauth-toolkit's `/o/authorize/`, and a payment
/// session whose tokens come from a second token server (its own process and port) that
/// exchanges messenger access tokens (RFC 8693, checked at DOT's introspection endpoint) and
/// rotates its own refresh tokens with reuse detection.
@Suite(
  "Integration: sign-in with a code and a dependent session against two real servers",
  .enabled(if: OAuthTestServer.isEnabled, OAuthTestServer.skipComment), .serialized, .timeLimit(.minutes(3)))
struct IntegrationTokenChainTests {
  /// One test's two sessions against one tenant of each server.
  struct Chain {
    let messengerServer: OAuthTestServer
    let tenant: OAuthTestTenant
    let payment: PaymentServerControl
    let scheduler = Live.AdvancingScheduler()
    let messengerStorage = Live.RecordingStorage()
    let paymentStorage = Live.RecordingStorage()
    let messenger: SessionManager
    let paymentSession: SessionManager
    let messengerEvents: Live.EventLog
    let paymentEvents: Live.EventLog
    let client: HTTPClient
    let browser: DjangoLoginUserAgent
    let authorization: AuthorizationConfiguration

    static func make(connections: Int = 64) async throws -> Chain {
      let messengerServer = try await OAuthTestServer.shared(Live.stormServer)
      let paymentServer = try await OAuthTestServer.shared(
        OAuthServerConfiguration(accessTokenLifetime: 600, accessLog: false, paymentUpstream: messengerServer.baseURL))
      let tenant = try await messengerServer.makeTenant()
      return Chain(
        messengerServer: messengerServer, tenant: tenant,
        payment: PaymentServerControl(server: paymentServer, clientID: "payment-\(tenant.name)"),
        connections: connections)
    }

    private init(
      messengerServer: OAuthTestServer, tenant: OAuthTestTenant, payment: PaymentServerControl, connections: Int
    ) {
      self.messengerServer = messengerServer
      self.tenant = tenant
      self.payment = payment
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpMaximumConnectionsPerHost = connections
      configuration.timeoutIntervalForRequest = 120
      let transport = URLSessionTransport(configuration: configuration)
      messenger = SessionManager(
        oauth: OAuthClientConfiguration(
          tokenEndpoint: messengerServer.tokenURL, clientID: tenant.info.codeClientID ?? "",
          revocationEndpoint: messengerServer.revocationURL),
        transport: transport, storage: messengerStorage, scheduler: scheduler, name: "messenger")
      paymentSession = SessionManager(
        dependingOn: messenger,
        exchange: .rfc8693(
          client: OAuthClientConfiguration(tokenEndpoint: payment.tokenURL, clientID: payment.clientID),
          audience: "payments"),
        transport: transport, storage: paymentStorage, scheduler: scheduler, name: "payment")
      messengerEvents = Live.EventLog(messenger.events)
      paymentEvents = Live.EventLog(paymentSession.events)
      client = HTTPClient(
        transport: transport,
        interceptors: [paymentSession.interceptor(hosts: [Live.hostAndPort(payment.server.baseURL)])])
      browser = DjangoLoginUserAgent(username: tenant.username, password: tenant.password)
      authorization = AuthorizationConfiguration(
        authorizationEndpoint: messengerServer.baseURL.appendingPathComponent("o/authorize/"),
        redirectURI: URL(string: tenant.info.redirectURI ?? "")!, scopes: ["read", "write"])
    }

    /// Signs the messenger in with a code, and the payment session by exchange on its first call.
    func signInBoth() async throws {
      try await messenger.restore()
      try await paymentSession.restore()
      try await messenger.signIn(authorization: authorization, userAgent: browser, userID: String(tenant.userID))
      let response = try await client.send(URLRequest(url: payment.resourceURL))
      #expect(response.statusCode == 200)
    }

    /// Every token expired, at the servers and on the client's clock.
    func expireEverything() async throws {
      let messengerToken = try #require(messenger.current?.credential.accessToken)
      try await tenant.expireAccessToken(messengerToken)
      try await payment.expireAccessTokens()
      scheduler.moveClock(by: 601)
    }

    func sendParallel(_ count: Int) async -> Live.Outcomes {
      let client = self.client
      let request = URLRequest(url: payment.resourceURL, timeoutInterval: 120)
      return await Live.Outcomes.collect(count) { _ in try await client.send(request) }
    }

    /// What each store holds is what each session holds (nothing when signed out).
    func expectStoresConsistent(sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(messengerStorage.contents == messenger.current?.credential, sourceLocation: sourceLocation)
      #expect(paymentStorage.contents == paymentSession.current?.credential, sourceLocation: sourceLocation)
    }
  }

  @Test("Sign-in through the real /o/authorize/ (login form, PKCE S256), code exchange, protected API, payment API")
  func signInWithCode() async throws {
    let chain = try await Chain.make()
    try await chain.messenger.restore()
    let credential = try await chain.messenger.signIn(
      authorization: chain.authorization, userAgent: chain.browser, userID: String(chain.tenant.userID))
    #expect(chain.browser.visits.contains("POST /accounts/login 302"))
    #expect(chain.messengerStorage.contents == credential)
    #expect(credential.refreshToken != nil && credential.expiresAt != nil)
    let me = try await chain.tenant.callResource(accessToken: credential.accessToken)
    #expect(me.status == 200)
    let counters = try await chain.tenant.counters()
    #expect(counters.tokenCalls == 1 && counters.tokenStatuses == ["200": 1])

    let response = try await chain.client.send(URLRequest(url: chain.payment.resourceURL))
    #expect(response.statusCode == 200)
    #expect(String(decoding: response.body, as: UTF8.self).contains(chain.tenant.username))
    let payment = try await chain.payment.counters()
    #expect(payment.exchangesIssued == 1 && payment.introspections == 1 && payment.exchangeRejections == 0)
    chain.expectStoresConsistent()
  }

  @Test("Sign-in failures against DOT: wrong state, unknown scope, cancel; typed, nothing changed, no token call")
  func signInFailures() async throws {
    let chain = try await Chain.make()
    try await chain.signInBoth()
    let messengerBefore = chain.messenger.current
    let paymentBefore = chain.paymentSession.current

    struct Tampering: AuthorizationUserAgent {
      let browser: DjangoLoginUserAgent
      func authorize(url: URL, redirectURI: URL) async throws -> URL {
        let redirect = try await browser.authorize(url: url, redirectURI: redirectURI)
        return URL(string: redirect.absoluteString.replacingOccurrences(of: "state=", with: "state=x"))!
      }
    }
    struct Cancelling: AuthorizationUserAgent {
      func authorize(url: URL, redirectURI: URL) async throws -> URL { throw AuthorizationError.cancelled }
    }
    await #expect(throws: AuthError.authorization(.stateMismatch)) {
      try await chain.messenger.signIn(authorization: chain.authorization, userAgent: Tampering(browser: chain.browser))
    }
    var unknownScope = chain.authorization
    unknownScope.scopes = ["payments-admin"]
    do {
      try await chain.messenger.signIn(authorization: unknownScope, userAgent: chain.browser)
      Issue.record("an unknown scope was granted")
    } catch {
      guard case .authorization(.denied(let response)) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(response.code == "invalid_scope")
    }
    await #expect(throws: AuthError.authorization(.cancelled)) {
      try await chain.messenger.signIn(authorization: chain.authorization, userAgent: Cancelling())
    }
    #expect(try await chain.tenant.counters().tokenCalls == 1)  // the first sign-in's only
    #expect(chain.messenger.current == messengerBefore)
    #expect(chain.paymentSession.current == paymentBefore)
    chain.expectStoresConsistent()
  }

  @Test("A reused code and a wrong PKCE verifier: DOT answers invalid_grant, codeRejected")
  func reusedCodeAndWrongVerifier() async throws {
    let chain = try await Chain.make()
    let refresher = OAuthRefresher(
      configuration: OAuthClientConfiguration(
        tokenEndpoint: chain.messengerServer.tokenURL, clientID: chain.tenant.info.codeClientID ?? ""),
      transport: URLSessionTransport())
    let clientID = chain.tenant.info.codeClientID ?? ""
    let request = try AuthorizationRequest(configuration: chain.authorization, clientID: clientID)
    let code = try request.code(
      from: try await chain.browser.authorize(url: request.url, redirectURI: request.configuration.redirectURI))
    _ = try await refresher.exchangeCode(code, for: request)
    do {
      _ = try await refresher.exchangeCode(code, for: request)
      Issue.record("a reused code was accepted")
    } catch {
      guard case .authorization(.codeRejected(let response)) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(response.code == "invalid_grant")
    }
    let other = try AuthorizationRequest(configuration: chain.authorization, clientID: clientID)
    let otherCode = try other.code(
      from: try await chain.browser.authorize(url: other.url, redirectURI: other.configuration.redirectURI))
    let wrongVerifier = try AuthorizationRequest(
      configuration: chain.authorization, clientID: clientID, state: other.state)
    do {
      _ = try await refresher.exchangeCode(otherCode, for: wrongVerifier)
      Issue.record("a wrong verifier was accepted")
    } catch {
      guard case .authorization(.codeRejected) = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(try await chain.tenant.counters().tokenStatuses == ["200": 1, "400": 2])
  }

  @Test(
    "Storms with every token expired and the payment refresh token dead: one messenger refresh, one exchange",
    arguments: [10, 100, 1_000])
  func storm(requests: Int) async throws {
    let chain = try await Chain.make(connections: requests)
    try await chain.signInBoth()
    try await chain.expireEverything()
    try await chain.payment.revokeRefreshTokens()
    let paymentBefore = try await chain.payment.counters()
    let messengerBefore = try await chain.tenant.counters()

    let clock = ContinuousClock()
    let started = clock.now
    let outcomes = await chain.sendParallel(requests)
    let elapsed = clock.now - started

    #expect(outcomes.statuses == [200: requests], "\(outcomes.summary)")
    let messenger = try await chain.tenant.counters()
    let payment = try await chain.payment.counters()
    #expect(messenger.refreshCalls - messengerBefore.refreshCalls == 1)
    #expect(messenger.reuseDetections == 0 && messenger.familiesRevoked == 0)
    #expect(payment.refreshCalls - paymentBefore.refreshCalls == 1)  // its own refresh first, rejected
    #expect(payment.exchangeCalls - paymentBefore.exchangeCalls == 1)
    #expect(payment.exchangesIssued - paymentBefore.exchangesIssued == 1)
    #expect(payment.reuseDetections == 0 && payment.exchangeRejections == 0)
    // The client knew both had expired: no request went out with an expired token.
    #expect(payment.resource401 == 0)
    chain.expectStoresConsistent()
    print(
      "CHAIN STORM n=\(requests) wall=\(Live.seconds(elapsed))s messenger_refreshes=\(messenger.refreshCalls - messengerBefore.refreshCalls) "
        + "payment_refreshes=\(payment.refreshCalls - paymentBefore.refreshCalls) exchanges=\(payment.exchangeCalls - paymentBefore.exchangeCalls) "
        + "reuse=\(messenger.reuseDetections + payment.reuseDetections)")
  }

  @Test("A storm where only the servers know the tokens expired: 401s, one payment refresh, nothing upstream")
  func stormOfUnauthorized() async throws {
    let requests = 100
    let chain = try await Chain.make(connections: requests)
    try await chain.signInBoth()
    try await chain.payment.expireAccessTokens()
    let outcomes = await chain.sendParallel(requests)
    #expect(outcomes.statuses == [200: requests], "\(outcomes.summary)")
    let payment = try await chain.payment.counters()
    #expect(payment.rotations == 1 && payment.reuseDetections == 0 && payment.exchangeCalls == 1)
    #expect(try await chain.tenant.counters().refreshCalls == 0)
    chain.expectStoresConsistent()
  }

  @Test("The messenger server revokes the session: the re-exchange fails typed, both sessions end signed out")
  func upstreamRevoked() async throws {
    let chain = try await Chain.make()
    try await chain.signInBoth()
    let messengerRefresh = try #require(chain.messenger.current?.credential.refreshToken)
    try await chain.expireEverything()
    try await chain.payment.revokeRefreshTokens()
    #expect(try await chain.tenant.revokeFamily(of: messengerRefresh) == 1)

    let outcomes = await chain.sendParallel(20)
    #expect(outcomes.successes == 0)
    for error in outcomes.authErrors {
      switch error {
      case .upstreamSignedOut(session: "messenger", reason: .refreshRejected(let rejection))?:
        #expect(rejection.isFatal)
      case .notSignedIn?:
        break  // arrived after both sessions had ended
      default:
        Issue.record("unexpected error \(String(describing: error))")
      }
    }
    #expect(outcomes.authErrors.contains { if case .upstreamSignedOut = $0 { true } else { false } })
    #expect(!chain.messenger.isSignedIn && !chain.paymentSession.isSignedIn)
    let ended = await Live.bounded {
      await chain.paymentEvents.events.until { $0.contains { if case .signedOut = $0 { true } else { false } } }
    }
    #expect(ended == true)
    // A request that arrived after the payment session ended fails at once, possibly while the
    // sign-out's clear is still running on another thread; `signedOut` is emitted after it.
    #expect(chain.messengerStorage.contents == nil && chain.paymentStorage.contents == nil)
    let reasons = chain.paymentEvents.events.current.compactMap { event -> SignOutReason? in
      if case .signedOut(let reason) = event { return reason }
      return nil
    }
    #expect(reasons.count == 1)
    guard case .upstreamSignedOut(session: "messenger", reason: .refreshRejected)? = reasons.first else {
      Issue.record("payment ended for another reason: \(reasons)")
      return
    }
    let payment = try await chain.payment.counters()
    #expect(payment.exchangeCalls == 1)  // only the first sign-in's: the upstream never came back
    #expect(try await chain.tenant.counters().refreshCalls == 1)
  }

  @Test("Restore: new session managers over the same stores bring both sessions back, no exchange, no refresh")
  func restoreBoth() async throws {
    let chain = try await Chain.make()
    try await chain.signInBoth()
    let messengerCredential = try #require(chain.messenger.current?.credential)
    let paymentCredential = try #require(chain.paymentSession.current?.credential)
    let before = try await chain.payment.counters()

    let messenger = SessionManager(
      oauth: OAuthClientConfiguration(
        tokenEndpoint: chain.messengerServer.tokenURL, clientID: chain.tenant.info.codeClientID ?? ""),
      storage: chain.messengerStorage, name: "messenger")
    let payment = SessionManager(
      dependingOn: messenger,
      exchange: .rfc8693(
        client: OAuthClientConfiguration(tokenEndpoint: chain.payment.tokenURL, clientID: chain.payment.clientID)),
      storage: chain.paymentStorage, name: "payment")
    #expect(try await messenger.restore() == messengerCredential)
    #expect(try await payment.restore() == paymentCredential)
    let client = HTTPClient(interceptors: [payment.interceptor(hosts: [Live.hostAndPort(chain.payment.server.baseURL)])]
    )
    #expect(try await client.send(URLRequest(url: chain.payment.resourceURL)).statusCode == 200)
    let after = try await chain.payment.counters()
    #expect(after.tokenCalls == before.tokenCalls)
    #expect(try await chain.tenant.counters().refreshCalls == 0)
  }

  @Test("The messenger signs out (revoking at DOT): the payment session ends with reason upstream requested")
  func upstreamSignOut() async throws {
    let chain = try await Chain.make()
    try await chain.signInBoth()
    let messengerToken = try #require(chain.messenger.current?.credential.accessToken)
    try await chain.messenger.signOut()
    #expect(try await chain.tenant.accessTokenInfo(messengerToken).found == false)
    let ended = await Live.bounded {
      await chain.paymentEvents.events.until {
        $0.last == .signedOut(.upstreamSignedOut(session: "messenger", reason: .requested))
      }
    }
    #expect(ended == true)
    #expect(!chain.paymentSession.isSignedIn)
    chain.expectStoresConsistent()
    #expect(chain.paymentStorage.contents == nil)
  }
}
