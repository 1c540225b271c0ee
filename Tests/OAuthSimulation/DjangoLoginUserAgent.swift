import Foundation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A scripted browser for the test server's `/o/authorize/` (django-oauth-toolkit, see
/// `Tests/StreamsAuthTests/Server`): follows redirects by hand (the transport never follows
/// them), logs in through the Django login form (`/accounts/login/`, a session cookie), and
/// returns the redirect to the app's redirect URI. Used by the tests and `TokenChain --server`.
public struct DjangoLoginUserAgent: AuthorizationUserAgent {
  /// Why the browser stopped; names paths and statuses only.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// The user who logs in.
  public let username: String
  private let password: String
  private let log = LockedState<[String]>([])

  /// What the browser did, in order (paths and statuses; never a code or a cookie).
  public var visits: [String] { log.withLock { $0 } }
  private let transport: URLSessionTransport = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.timeoutIntervalForRequest = 30
    return URLSessionTransport(configuration: configuration)
  }()

  /// A browser that logs in as `username`.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  /// Follows `url` to the redirect URI, logging in on the way.
  public func authorize(url: URL, redirectURI: URL) async throws -> URL {
    var cookie: String?
    var next = url
    for _ in 0..<8 {
      var request = URLRequest(url: next, timeoutInterval: 30)
      if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
      let response = try await transport.send(request)
      log.withLock { $0.append("GET \(next.path) \(response.statusCode)") }
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
      log.withLock { $0.append("GET \(target.path) \(page.statusCode)") }
      guard page.statusCode == 200, String(decoding: page.body, as: UTF8.self).contains("<form") else {
        throw Failure(description: "the login page answered \(page.statusCode)")
      }
      let nextPath =
        URLComponents(url: target, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "next" }?.value
        ?? "/"
      var post = URLRequest(url: target, timeoutInterval: 30)
      post.httpMethod = "POST"
      post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
      post.httpBody = Data(Self.form([("username", username), ("password", password), ("next", nextPath)]).utf8)
      let loggedIn = try await transport.send(post)
      log.withLock { $0.append("POST \(target.path) \(loggedIn.statusCode)") }
      guard loggedIn.statusCode == 302, let back = loggedIn.value(forHeader: "Location"),
        let session = Self.sessionCookie(in: loggedIn)
      else { throw Failure(description: "logging in answered \(loggedIn.statusCode)") }
      cookie = session
      next = URL(string: back, relativeTo: target)?.absoluteURL ?? next
    }
    throw Failure(description: "too many redirects")
  }

  /// `application/x-www-form-urlencoded`, strictly escaped.
  private static func form(_ fields: [(String, String)]) -> String {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    return fields.map { name, value in
      "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
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
