import Foundation
import OAuthSimulation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sessions that depend on sessions: a payment session whose credential comes from exchanging
/// the messenger session's access token (RFC 8693), against two simulated servers.
@Suite("Dependent sessions (token exchange)", .timeLimit(.minutes(1)))
struct DependentSessionTests {
  /// The messenger server, the payment server that exchanges its tokens, and both sessions.
  struct Chain {
    let messengerServer: OAuthServerSimulation
    let paymentServer: OAuthServerSimulation
    let messengerStorage: InMemoryCredentialStorage
    let paymentStorage: InMemoryCredentialStorage
    let messenger: SessionManager
    let payment: SessionManager
    let paymentEvents: AuthorizationCodeTests.Recorded
    let client: HTTPClient

    init(
      messengerStorage: InMemoryCredentialStorage = InMemoryCredentialStorage(),
      paymentStorage: InMemoryCredentialStorage = InMemoryCredentialStorage(),
      messengerServer: OAuthServerSimulation? = nil, paymentServer: OAuthServerSimulation? = nil,
      exchange: TokenExchange? = nil
    ) {
      let messengerServer =
        messengerServer
        ?? OAuthServerSimulation(
          configuration: .init(baseURL: URL(string: "https://messenger.example.com")!, clientID: "messenger-app"))
      let paymentServer =
        paymentServer
        ?? OAuthServerSimulation(
          configuration: .init(baseURL: URL(string: "https://pay.example.com")!, clientID: "payment-app"),
          upstream: messengerServer)
      self.messengerServer = messengerServer
      self.paymentServer = paymentServer
      self.messengerStorage = messengerStorage
      self.paymentStorage = paymentStorage
      messenger = SessionManager(
        oauth: messengerServer.oauthConfiguration, transport: messengerServer, storage: messengerStorage,
        name: "messenger")
      payment = SessionManager(
        dependingOn: messenger,
        exchange: exchange ?? .rfc8693(client: paymentServer.oauthConfiguration, audience: "payments"),
        transport: paymentServer, storage: paymentStorage, name: "payment")
      paymentEvents = AuthorizationCodeTests.Recorded(payment.events)
      client = HTTPClient(transport: paymentServer, interceptors: [payment.interceptor(hosts: ["pay.example.com"])])
    }

    /// Signs the messenger in (as after a code sign-in) and the payment session in by exchange.
    func signInBoth() async throws {
      try await messenger.restore()
      try await payment.restore()
      try await messenger.signIn(messengerServer.signIn(userID: "ada"))
      _ = try await payment.validSession()
    }

    func pay() async throws -> HTTPResponse {
      try await client.send(URLRequest(url: paymentServer.resourceURL))
    }

    func parallelPayments(_ count: Int) async -> [Int] {
      let client = self.client
      let url = paymentServer.resourceURL
      return await withTaskGroup(of: Int.self) { group in
        for _ in 0..<count {
          group.addTask { (try? await client.send(URLRequest(url: url)).statusCode) ?? -1 }
        }
        var statuses: [Int] = []
        for await status in group { statuses.append(status) }
        return statuses
      }
    }
  }

  @Test("A dependent session without a credential obtains one by exchange on first use; signedIn is emitted")
  func obtainsByExchange() async throws {
    let chain = Chain()
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    #expect(!chain.payment.isSignedIn)
    #expect(try await chain.pay().statusCode == 200)
    #expect(chain.paymentServer.statistics.tokenExchanges == 1)
    let credential = try #require(chain.payment.current?.credential)
    #expect(credential.userID == "ada")
    #expect(try chain.paymentStorage.load() == credential)
    #expect(await chain.paymentEvents.events.until { $0.contains(.signedIn(credential)) })
  }

  @Test("Without an upstream session there is nothing to exchange: notSignedIn, nothing stored", arguments: [1, 20])
  func noUpstream(requests: Int) async throws {
    let chain = Chain()
    let statuses = await chain.parallelPayments(requests)
    #expect(statuses == Array(repeating: -1, count: requests))
    await #expect(throws: AuthError.notSignedIn) { try await chain.payment.validSession() }
    #expect(!chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == nil)
    #expect(chain.paymentServer.statistics.tokenRequests == 0)
    // Nothing happened to the payment session: no event before a fence sign-in's (events are
    // emitted in order, one at a time).
    let fence = Credential(accessToken: "fence", refreshToken: nil, expiresAt: nil)
    try await chain.payment.signIn(fence)
    #expect(await chain.paymentEvents.events.until { $0.contains(.signedIn(fence)) })
    #expect(chain.paymentEvents.events.current == [.signedIn(fence)])
  }

  @Test("Payment access token expired, refresh token good: one payment refresh, no exchange, no upstream refresh")
  func ownRefreshFirst() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    chain.paymentServer.expireAccessTokens()
    let statuses = await chain.parallelPayments(50)
    #expect(statuses == Array(repeating: 200, count: 50))
    #expect(chain.paymentServer.statistics.rotations == 1)
    #expect(chain.paymentServer.statistics.tokenExchanges == 1)  // the first sign-in's only
    #expect(chain.messengerServer.statistics.rotations == 0)
  }

  @Test(
    "Both expired, payment refresh token dead: N parallel calls make one upstream refresh and one exchange",
    arguments: [10, 100, 1_000])
  func storm(requests: Int) async throws {
    let chain = Chain()
    try await chain.signInBoth()
    chain.messengerServer.expireAccessTokens()
    chain.paymentServer.expireAccessTokens()
    chain.paymentServer.revokeFamily(of: try #require(chain.payment.current?.credential.refreshToken))
    let before = chain.paymentServer.statistics
    let statuses = await chain.parallelPayments(requests)
    #expect(statuses == Array(repeating: 200, count: requests))
    #expect(chain.messengerServer.statistics.rotations == 1)
    #expect(chain.messengerServer.statistics.reuseDetections == 0)
    #expect(chain.paymentServer.statistics.tokenExchanges == before.tokenExchanges + 1)
    // The payment refresh that was rejected; the exchange of the messenger token the server had
    // expired (the client could not know), refused; the messenger's one refresh; the one exchange.
    #expect(chain.paymentServer.statistics.tokenRequests == before.tokenRequests + 3)
    #expect(chain.paymentServer.statistics.rejectedTokenRequests == before.rejectedTokenRequests + 2)
    #expect(chain.paymentServer.statistics.reuseDetections == 0)
    #expect(try chain.paymentStorage.load() == chain.payment.current?.credential)
    #expect(try chain.messengerStorage.load() == chain.messenger.current?.credential)
  }

  @Test("Payment signed out and messenger expired: N parallel calls make one upstream refresh and one exchange")
  func stormFromNothing() async throws {
    let chain = Chain()
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    chain.messengerServer.expireAccessTokens()
    let statuses = await chain.parallelPayments(100)
    #expect(statuses == Array(repeating: 200, count: 100))
    #expect(chain.messengerServer.statistics.rotations == 1)
    #expect(chain.paymentServer.statistics.tokenExchanges == 1)
    // The first exchange carried the messenger token the server had expired: refused, then the
    // messenger renewed it once and the exchange went through.
    #expect(chain.paymentServer.statistics.tokenRequests == 2)
    #expect(chain.paymentServer.statistics.rejectedTokenRequests == 1)
  }

  @Test("Both expired and the client knows it: one upstream refresh, one exchange, nothing refused")
  func stormKnownExpiry() async throws {
    let chain = Chain()
    try await chain.messenger.restore()
    var messengerCredential = chain.messengerServer.signIn(userID: "ada")
    messengerCredential.expiresAt = Date(timeIntervalSinceNow: -1)
    try await chain.messenger.signIn(messengerCredential)
    chain.messengerServer.expireAccessTokens()
    let statuses = await chain.parallelPayments(100)
    #expect(statuses == Array(repeating: 200, count: 100))
    #expect(chain.messengerServer.statistics.rotations == 1)
    #expect(chain.messengerServer.statistics.tokenRequests == 1)
    #expect(chain.paymentServer.statistics.tokenExchanges == 1)
    #expect(chain.paymentServer.statistics.tokenRequests == 1)
  }

  @Test("The messenger signs out: the payment session signs out with that reason, its storage cleared")
  func upstreamSignOut() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    try await chain.messenger.signOut()
    let reason = SignOutReason.upstreamSignedOut(session: "messenger", reason: .requested)
    #expect(await chain.paymentEvents.events.until { $0.last == .signedOut(reason) })
    #expect(!chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == nil)
    #expect(reason.description == "upstreamSignedOut(messenger: requested)")
  }

  @Test("The messenger signs out: the payment session's refresh token is revoked at the payment server too")
  func upstreamSignOutRevokesDependentTokens() async throws {
    let messengerServer = OAuthServerSimulation(
      configuration: .init(baseURL: URL(string: "https://messenger.example.com")!, clientID: "messenger-app"))
    let messenger = SessionManager(
      oauth: messengerServer.oauthConfiguration, transport: messengerServer, name: "messenger")
    let revokeURL = URL(string: "https://pay.example.com/revoke")!
    let paymentServer = TestTransport { _ in HTTPResponse(statusCode: 200) }
    let payment = SessionManager(
      dependingOn: messenger,
      exchange: .custom { _ throws(AuthError) in
        Credential(accessToken: "pay-at", refreshToken: "pay-rt", expiresAt: Date().addingTimeInterval(600))
      },
      refresh: OAuthClientConfiguration(
        tokenEndpoint: URL(string: "https://pay.example.com/token")!, clientID: "payment-app",
        revocationEndpoint: revokeURL),
      transport: paymentServer, name: "payment")
    try await messenger.signIn(messengerServer.signIn(userID: "ada"))
    _ = try await payment.validSession()
    #expect(paymentServer.requests.current.isEmpty)

    try await messenger.signOut()
    let revoked = await paymentServer.requests.until { requests in
      requests.contains { request in
        request.url == revokeURL
          && String(decoding: request.httpBody ?? Data(), as: UTF8.self).contains("token=pay-rt")
      }
    }
    #expect(revoked, "the ended payment session's refresh token was revoked")
    #expect(!payment.isSignedIn)
  }

  @Test("Restore with the messenger store empty: the payment session's stored credential is signed out, not restored")
  func restoreWithoutUpstream() async throws {
    let messengerStorage = InMemoryCredentialStorage()
    let paymentStorage = InMemoryCredentialStorage()
    let first = Chain(messengerStorage: messengerStorage, paymentStorage: paymentStorage)
    try await first.signInBoth()
    try messengerStorage.clear()  // the messenger session ended while the app was not running

    let second = Chain(
      messengerStorage: messengerStorage, paymentStorage: paymentStorage, messengerServer: first.messengerServer,
      paymentServer: first.paymentServer)
    #expect(try await second.payment.restore() == nil)
    #expect(!second.messenger.isSignedIn && !second.payment.isSignedIn)
    #expect(try paymentStorage.load() == nil)
    let reason = SignOutReason.upstreamSignedOut(session: "messenger", reason: .requested)
    #expect(await second.paymentEvents.events.until { $0.last == .signedOut(reason) })
  }

  @Test("Another user signs in to the messenger: the payment session ends; the same user again: it stays")
  func upstreamSignInOfAnotherUser() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    let kept = chain.payment.current?.credential
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    // The upstream's signedIn was delivered before signIn returned, and handled at once.
    #expect(chain.payment.current?.credential == kept)
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "bob"))
    #expect(!chain.payment.isSignedIn)
    let reason = SignOutReason.upstreamSignedOut(session: "messenger", reason: .requested)
    #expect(await chain.paymentEvents.events.until { $0.last == .signedOut(reason) })
    #expect(chain.paymentEvents.events.current.filter { $0 == .signedOut(reason) }.count == 1)
    #expect(kept != nil && !chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == nil)
    #expect(try await chain.pay().statusCode == 200)
    #expect(chain.payment.current?.credential.userID == "bob")
  }

  @Test("The messenger's refresh is rejected: both sessions end, the waiters get upstreamSignedOut, stores empty")
  func upstreamRejected() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    chain.messengerServer.expireAccessTokens()
    chain.paymentServer.expireAccessTokens()
    chain.messengerServer.revokeFamily(of: try #require(chain.messenger.current?.credential.refreshToken))
    chain.paymentServer.revokeFamily(of: try #require(chain.payment.current?.credential.refreshToken))
    let statuses = await chain.parallelPayments(20)
    #expect(statuses == Array(repeating: -1, count: 20))
    await #expect(throws: AuthError.notSignedIn) { try await chain.payment.validSession() }
    #expect(!chain.messenger.isSignedIn && !chain.payment.isSignedIn)
    #expect(try chain.messengerStorage.load() == nil)
    #expect(try chain.paymentStorage.load() == nil)
    let events = chain.paymentEvents.events.current
    let signedOut = events.compactMap { event -> SignOutReason? in
      if case .signedOut(let reason) = event { return reason }
      return nil
    }
    #expect(signedOut.count == 1)
    guard case .upstreamSignedOut(session: "messenger", reason: .refreshRejected(let error))? = signedOut.first else {
      Issue.record("not an upstream sign-out: \(signedOut)")
      return
    }
    #expect(error.isFatal)
    #expect(chain.paymentServer.statistics.tokenExchanges == 1)
  }

  @Test("A waiter of the refresh in flight gets upstreamSignedOut when the messenger's refresh is rejected")
  func waiterGetsUpstreamError() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    chain.messengerServer.expireAccessTokens()
    chain.messengerServer.revokeFamily(of: try #require(chain.messenger.current?.credential.refreshToken))
    chain.paymentServer.revokeFamily(of: try #require(chain.payment.current?.credential.refreshToken))
    do {
      _ = try await chain.payment.refresh(
        afterFailureOf: {
          var request = URLRequest(url: chain.paymentServer.resourceURL)
          request.setValue(
            chain.payment.current?.credential.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
          return request
        }())
      Issue.record("the refresh succeeded")
    } catch {
      guard case .upstreamSignedOut(session: "messenger", reason: .refreshRejected) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(error.kind == .account)
    }
  }

  @Test("The exchange is refused even after the messenger renewed: exchangeRejected, the payment session ends")
  func exchangeRejected() async throws {
    let refusals = Locked(0)
    let chain = Chain(
      exchange: .custom { _ throws(AuthError) in
        refusals.withLock { $0 += 1 }
        throw .exchangeRejected(OAuthErrorResponse(code: "invalid_request", errorDescription: "no"))
      })
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    try await chain.payment.signIn(Credential(accessToken: "p", refreshToken: nil, expiresAt: .distantPast))
    await #expect(
      throws: AuthError.exchangeRejected(OAuthErrorResponse(code: "invalid_request", errorDescription: "no"))
    ) {
      try await chain.payment.validSession()
    }
    #expect(refusals.value == 2)
    #expect(chain.messengerServer.statistics.rotations == 1)  // renewed once for the second try
    #expect(chain.messenger.isSignedIn)
    #expect(!chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == nil)
  }

  @Test("A dependent credential without a refresh token is renewed by exchanging again, in one flight")
  func noRefreshTokenReexchanges() async throws {
    let exchanges = Locked(0)
    let chain = Chain(
      exchange: .custom { upstream throws(AuthError) in
        let number = exchanges.withLock { count -> Int in
          count += 1
          return count
        }
        return Credential(
          accessToken: "pay-\(number)-for-\(upstream.accessToken)", refreshToken: nil,
          expiresAt: Date(timeIntervalSinceNow: number == 1 ? -1 : 3600))
      })
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    let first = try await chain.payment.validSession()
    #expect(first.accessToken.hasPrefix("pay-1-") && exchanges.value == 1)
    // Already expired: the next callers renew it, by exchange, once for all of them.
    let renewed = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<50 { group.addTask { try? await chain.payment.validSession().accessToken } }
      var tokens = Set<String?>()
      for await token in group { tokens.insert(token) }
      return tokens
    }
    #expect(renewed.count == 1 && renewed.first??.hasPrefix("pay-2-") == true)
    #expect(exchanges.value == 2)
    #expect(try chain.paymentStorage.load() == chain.payment.current?.credential)
  }

  @Test("A temporary exchange failure keeps the payment session and its stored credential")
  func temporaryFailure() async throws {
    let chain = Chain()
    try await chain.signInBoth()
    let stored = try chain.paymentStorage.load()
    chain.paymentServer.expireAccessTokens()
    chain.paymentServer.revokeFamily(of: try #require(stored?.refreshToken))
    chain.paymentServer.injectTokenFault(.connectionRefused)
    chain.paymentServer.injectTokenFault(.status(503))
    let statuses = await chain.parallelPayments(5)
    #expect(!statuses.contains(200))
    #expect(chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == stored)
  }

  @Test("Each session has its own storage; restore brings both back")
  func restore() async throws {
    let messengerStorage = InMemoryCredentialStorage()
    let paymentStorage = InMemoryCredentialStorage()
    let first = Chain(messengerStorage: messengerStorage, paymentStorage: paymentStorage)
    try await first.signInBoth()
    let messengerCredential = try #require(first.messenger.current?.credential)
    let paymentCredential = try #require(first.payment.current?.credential)
    #expect(messengerCredential != paymentCredential)

    let second = Chain(
      messengerStorage: messengerStorage, paymentStorage: paymentStorage, messengerServer: first.messengerServer,
      paymentServer: first.paymentServer)
    #expect(try await second.messenger.restore() == messengerCredential)
    #expect(try await second.payment.restore() == paymentCredential)
    #expect(try await second.pay().statusCode == 200)
    #expect(first.paymentServer.statistics.tokenExchanges == 1)
  }

  @Test("The RFC 8693 request: grant type, subject token and type, audience, scope, client id")
  func rfc8693Request() async throws {
    let transport = TestTransport { _ in
      jsonResponse(
        200,
        #"{"access_token":"pay-a","issued_token_type":"urn:ietf:params:oauth:token-type:access_token","token_type":"Bearer","expires_in":60,"refresh_token":"pay-r"}"#
      )
    }
    let messenger = SessionManager(refresher: ScriptedRefresher(), name: "messenger")
    try await messenger.signIn(Credential(accessToken: "m-access", refreshToken: "m-r", expiresAt: nil, userID: "ada"))
    let payment = SessionManager(
      dependingOn: messenger,
      exchange: .rfc8693(
        client: OAuthClientConfiguration(tokenEndpoint: URL(string: "https://pay.example.com/token")!, clientID: "pay"),
        audience: "payments", scope: "pay"),
      transport: transport, name: "payment")
    let credential = try await payment.validSession()
    #expect(credential.accessToken == "pay-a" && credential.refreshToken == "pay-r" && credential.userID == "ada")
    let sent = try #require(transport.requests.current.first)
    #expect(sent.value(forHTTPHeaderField: "Authorization") == nil)
    var fields: [String: String] = [:]
    for pair in String(decoding: sent.httpBody ?? Data(), as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
      fields[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    #expect(
      fields == [
        "grant_type": "urn:ietf:params:oauth:grant-type:token-exchange", "subject_token": "m-access",
        "subject_token_type": "urn:ietf:params:oauth:token-type:access_token", "audience": "payments",
        "scope": "pay", "client_id": "pay",
      ])
  }

  @Test("A malformed exchange reply is a typed error; the dependent session stays as it was")
  func malformedExchange() async throws {
    let chain = Chain()
    try await chain.messenger.signIn(chain.messengerServer.signIn(userID: "ada"))
    chain.paymentServer.injectTokenFault(.malformedBody("not json"))
    await #expect(throws: AuthError.malformedTokenResponse(.notJSON(contentType: "text/html", byteCount: 8))) {
      try await chain.payment.validSession()
    }
    #expect(!chain.payment.isSignedIn)
    #expect(try chain.paymentStorage.load() == nil)
    // Not remembered: the next request exchanges again.
    #expect(try await chain.pay().statusCode == 200)
  }
}
