import Foundation
import OAuthSimulation
import StreamsAuth
import StreamsTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the chain runs against: the two servers, their clients, and the levers of the story.
protocol Backend: Sendable {
  /// The messenger's token endpoint and its authorization-code client.
  var messengerClient: OAuthClientConfiguration { get }
  /// The payment token server and its client.
  var paymentClient: OAuthClientConfiguration { get }
  var authorization: AuthorizationConfiguration { get }
  var paymentResource: URL { get }
  var messengerTransport: any Transport { get }
  var paymentTransport: any Transport { get }
  var clock: MovableClockScheduler { get }
  func userAgent() -> any AuthorizationUserAgent
  /// Expires every access token at the servers and kills the payment refresh tokens.
  func expireEverything(messenger: Credential, payment: Credential) async throws
  /// The messenger server revokes the session.
  func revokeMessenger(_ messenger: Credential) async throws
  /// (messenger refreshes, payment exchanges issued, payment refresh attempts, reuse detections) so far.
  func counters() async throws -> (refreshes: Int, exchanges: Int, paymentRefreshes: Int, reuse: Int)
}

/// Two embedded simulated servers.
struct SimulationBackend: Backend {
  /// The movable clock of the test support target: it expires every token at once, without waiting.
  let clock = MovableClockScheduler()
  let messengerServer: OAuthServerSimulation
  let paymentServer: OAuthServerSimulation

  init() {
    messengerServer = OAuthServerSimulation(
      configuration: .init(baseURL: URL(string: "https://messenger.example.com")!, clientID: "messenger-app"),
      scheduler: clock)
    paymentServer = OAuthServerSimulation(
      configuration: .init(baseURL: URL(string: "https://pay.example.com")!, clientID: "payment-app"),
      scheduler: clock, upstream: messengerServer)
  }

  var messengerClient: OAuthClientConfiguration { messengerServer.oauthConfiguration }
  var paymentClient: OAuthClientConfiguration { paymentServer.oauthConfiguration }
  var authorization: AuthorizationConfiguration {
    AuthorizationConfiguration(
      authorizationEndpoint: URL(string: "https://messenger.example.com/o/authorize/")!,
      redirectURI: URL(string: "com.example.messenger:/oauth/callback")!, scopes: ["read", "write"])
  }
  var paymentResource: URL { paymentServer.resourceURL }
  var messengerTransport: any Transport { messengerServer }
  var paymentTransport: any Transport { paymentServer }

  func userAgent() -> any AuthorizationUserAgent { SimulatedBrowser(server: messengerServer, userID: "ada") }

  func expireEverything(messenger: Credential, payment: Credential) async throws {
    clock.moveClock(by: 301)
    paymentServer.revokeFamily(of: payment.refreshToken ?? "")
  }

  func revokeMessenger(_ messenger: Credential) async throws {
    messengerServer.revokeFamily(of: messenger.refreshToken ?? "")
  }

  func counters() async throws -> (refreshes: Int, exchanges: Int, paymentRefreshes: Int, reuse: Int) {
    let messenger = messengerServer.statistics
    let payment = paymentServer.statistics
    return (
      messenger.rotations, payment.tokenExchanges, payment.tokenRequests - payment.tokenExchanges,
      messenger.reuseDetections + payment.reuseDetections
    )
  }
}

/// The tests' servers, started by hand (see Tests/StreamsAuthTests/Server/README.md):
/// django-oauth-toolkit with its test endpoints, and the payment token server for it.
struct LiveBackend: Backend {
  struct Tenant: Decodable {
    var name: String
    var username: String
    var password: String
    var codeClientID: String
    var redirectURI: String

    enum CodingKeys: String, CodingKey {
      case name, username, password
      case codeClientID = "code_client_id"
      case redirectURI = "redirect_uri"
    }
  }

  /// The movable clock of the test support target: it expires every token at once, without waiting.
  let clock = MovableClockScheduler()
  let messengerURL: URL
  let paymentURL: URL
  let tenant: Tenant
  let transport = URLSessionTransport()

  /// Makes a tenant (a user and a code client) on the messenger server.
  static func make(messengerURL: URL, paymentURL: URL) async throws -> LiveBackend {
    let tenant: Tenant = try await call(messengerURL.appendingPathComponent("test/tenants"), [:])
    return LiveBackend(messengerURL: messengerURL, paymentURL: paymentURL, tenant: tenant)
  }

  var paymentClientID: String { "payment-\(tenant.name)" }
  var messengerClient: OAuthClientConfiguration {
    OAuthClientConfiguration(
      tokenEndpoint: messengerURL.appendingPathComponent("o/token/"), clientID: tenant.codeClientID)
  }
  var paymentClient: OAuthClientConfiguration {
    OAuthClientConfiguration(tokenEndpoint: paymentURL.appendingPathComponent("pay/token/"), clientID: paymentClientID)
  }
  var authorization: AuthorizationConfiguration {
    AuthorizationConfiguration(
      authorizationEndpoint: messengerURL.appendingPathComponent("o/authorize/"),
      redirectURI: URL(string: tenant.redirectURI)!, scopes: ["read", "write"])
  }
  var paymentResource: URL { paymentURL.appendingPathComponent("pay/api/balance") }
  var messengerTransport: any Transport { transport }
  var paymentTransport: any Transport { transport }

  func userAgent() -> any AuthorizationUserAgent {
    DjangoLoginUserAgent(username: tenant.username, password: tenant.password)
  }

  func expireEverything(messenger: Credential, payment: Credential) async throws {
    let _: [String: Bool] = try await Self.call(
      messengerURL.appendingPathComponent("test/expire-access-token"), ["access_token": messenger.accessToken])
    let _: [String: Int] = try await Self.call(
      paymentURL.appendingPathComponent("pay/test/expire-access-tokens"), ["client_id": paymentClientID])
    let _: [String: Int] = try await Self.call(
      paymentURL.appendingPathComponent("pay/test/revoke-refresh-tokens"), ["client_id": paymentClientID])
    clock.moveClock(by: 601)
  }

  func revokeMessenger(_ messenger: Credential) async throws {
    let _: [String: Int] = try await Self.call(
      messengerURL.appendingPathComponent("test/revoke-family"), ["refresh_token": messenger.refreshToken ?? ""])
  }

  func counters() async throws -> (refreshes: Int, exchanges: Int, paymentRefreshes: Int, reuse: Int) {
    var messengerCounters = URLComponents(
      url: messengerURL.appendingPathComponent("test/counters"), resolvingAgainstBaseURL: false)!
    messengerCounters.queryItems = [URLQueryItem(name: "tenant", value: tenant.name)]
    var paymentCounters = URLComponents(
      url: paymentURL.appendingPathComponent("pay/test/counters"), resolvingAgainstBaseURL: false)!
    paymentCounters.queryItems = [URLQueryItem(name: "client_id", value: paymentClientID)]
    let messenger = try await Self.numbers(messengerCounters.url!)
    let payment = try await Self.numbers(paymentCounters.url!)
    return (
      messenger["refresh_calls"] ?? -1, payment["exchanges_issued"] ?? -1, payment["refresh_calls"] ?? -1,
      (messenger["reuse_detections"] ?? 0) + (payment["reuse_detections"] ?? 0)
    )
  }

  /// The integer members of the JSON object at `url`.
  private static func numbers(_ url: URL) async throws -> [String: Int] {
    let (data, _) = try await URLSession.shared.data(from: url)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    return object.compactMapValues { $0 as? Int }
  }

  /// POSTs `body` as JSON to a test endpoint and decodes the reply.
  private static func call<Reply: Decodable>(_ url: URL, _ body: [String: String]) async throws -> Reply {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    let (data, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw AuthError.invalidConfiguration(
        "\(url.path) answered \((response as? HTTPURLResponse)?.statusCode ?? 0); are the test endpoints on?")
    }
    return try JSONDecoder().decode(Reply.self, from: data)
  }
}
