import Foundation
@testable import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The tests' browser for django-oauth-toolkit's `/o/authorize/`: follows redirects by hand
/// (the transport never follows them), logs in through the Django login form
/// (`/accounts/login/`, a session cookie), and returns the redirect to the app's redirect URI.
struct DjangoLoginUserAgent: AuthorizationUserAgent {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let username: String
  let password: String
  /// What the browser did, in order (paths and statuses; never a code or a cookie).
  let visits = Locked<[String]>([])
  private let transport: URLSessionTransport = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.timeoutIntervalForRequest = 30
    return URLSessionTransport(configuration: configuration)
  }()

  init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  func authorize(url: URL, redirectURI: URL) async throws -> URL {
    var cookie: String?
    var next = url
    for _ in 0..<8 {
      var request = URLRequest(url: next, timeoutInterval: 30)
      if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
      let response = try await transport.send(request)
      visits.withLock { $0.append("GET \(next.path) \(response.statusCode)") }
      guard (300..<400).contains(response.statusCode), let location = response.value(forHeader: "Location"),
        let target = URL(string: location, relativeTo: next)?.absoluteURL
      else {
        throw Failure(description: "GET \(next.path) answered \(response.statusCode) without a redirect")
      }
      if target.scheme == redirectURI.scheme { return target }
      guard target.path.hasPrefix("/accounts/login") else {
        next = target
        continue
      }
      // The login page, then the form posted with the user's password.
      let page = try await transport.send(URLRequest(url: target, timeoutInterval: 30))
      visits.withLock { $0.append("GET \(target.path) \(page.statusCode)") }
      guard page.statusCode == 200, String(decoding: page.body, as: UTF8.self).contains("<form") else {
        throw Failure(description: "the login page answered \(page.statusCode)")
      }
      let nextPath =
        URLComponents(url: target, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "next" }?.value
        ?? "/"
      var post = URLRequest(url: target, timeoutInterval: 30)
      post.httpMethod = "POST"
      post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
      post.httpBody = Data(OAuthForm.encode(["username": username, "password": password, "next": nextPath]).utf8)
      let loggedIn = try await transport.send(post)
      visits.withLock { $0.append("POST \(target.path) \(loggedIn.statusCode)") }
      guard loggedIn.statusCode == 302, let back = loggedIn.value(forHeader: "Location"),
        let session = Self.sessionCookie(in: loggedIn)
      else { throw Failure(description: "logging in answered \(loggedIn.statusCode)") }
      cookie = session
      next = URL(string: back, relativeTo: target)?.absoluteURL ?? next
    }
    throw Failure(description: "too many redirects")
  }

  /// `sessionid=…` from the response's `Set-Cookie`.
  static func sessionCookie(in response: HTTPResponse) -> String? {
    guard let header = response.value(forHeader: "Set-Cookie"), let start = header.range(of: "sessionid=") else {
      return nil
    }
    let rest = header[start.lowerBound...]
    return String(rest.prefix { $0 != ";" && $0 != "," })
  }
}

/// The payment token server's `/pay/test/...` endpoints (`oauthserver/payment.py`), for one
/// client id: each test uses its own, so its counters are its own.
struct PaymentServerControl: Sendable {
  struct Counters: Decodable, Sendable, Equatable {
    var tokenCalls: Int
    var exchangeCalls: Int
    var exchangesIssued: Int
    var exchangeRejections: Int
    var introspections: Int
    var refreshCalls: Int
    var rotations: Int
    var reuseDetections: Int
    var unknownRefreshTokens: Int
    var resourceCalls: Int
    var resource200: Int
    var resource401: Int

    enum CodingKeys: String, CodingKey {
      case tokenCalls = "token_calls"
      case exchangeCalls = "exchange_calls"
      case exchangesIssued = "exchanges_issued"
      case exchangeRejections = "exchange_rejections"
      case introspections
      case refreshCalls = "refresh_calls"
      case rotations
      case reuseDetections = "reuse_detections"
      case unknownRefreshTokens = "unknown_refresh_tokens"
      case resourceCalls = "resource_calls"
      case resource200 = "resource_200"
      case resource401 = "resource_401"
    }
  }

  let server: OAuthTestServer
  let clientID: String

  var tokenURL: URL { server.baseURL.appendingPathComponent("pay/token/") }
  var resourceURL: URL { server.baseURL.appendingPathComponent("pay/api/balance") }

  func counters() async throws -> Counters {
    try await server.control.get("pay/test/counters", query: ["client_id": clientID])
  }

  func expireAccessTokens() async throws {
    let _: OAuthControlClient.Ignored = try await server.control.post(
      "pay/test/expire-access-tokens", ["client_id": clientID])
  }

  func revokeRefreshTokens() async throws {
    let _: OAuthControlClient.Ignored = try await server.control.post(
      "pay/test/revoke-refresh-tokens", ["client_id": clientID])
  }
}
