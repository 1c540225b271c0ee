import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Attaches a ``SessionManager``'s bearer token to requests for the configured hosts, and on an
/// authentication failure waits for that credential's refresh and retries once.
///
/// Made by ``SessionManager/interceptor(hosts:excludedURLs:isAuthenticationFailure:)``. It is a
/// public type of its own because an ``HTTPClient`` takes it as one link of its interceptor chain,
/// next to the app's own interceptors.
///
/// - **Adapt**: only for a request whose host is one of ``hosts`` (over HTTPS, or plain HTTP to a
///   loopback address), that has not been redirected to another origin, and that does not go to
///   the token endpoint or another URL in ``excludedURLs``: waits for a usable credential
///   (refreshing proactively within the leeway) and sets `Authorization: Bearer …`. Any other
///   request goes out unchanged, signed in or not. Never to a third party.
/// - **Retry**: for a request this interceptor authorized (its bearer token tells which
///   credential it carried), the response's `Bearer` challenges
///   (RFC 6750 §3, every `WWW-Authenticate` field, properly parsed) decide first:
///   - `error="insufficient_scope"` (on a 401 or 403): no refresh, which cannot help; the request
///     fails with ``AuthError/insufficientScope(requiredScope:)`` naming the scope to ask for.
///   - another error code than `invalid_token` (`invalid_request`, …): no refresh; the response is
///     returned as it is.
///   - `error="invalid_token"`, or no `Bearer` error at all (a bare 401, a malformed header, other
///     schemes only): when ``isAuthenticationFailure`` says so (401 by default), waits for the
///     outcome of that credential's refresh (started, joined, or already finished: no network
///     call if the credential was already replaced), then ``RetryDecision/retry``.
///
///   At most one authentication retry per request; the decision for an attempt is memoized, so
///   asking twice gives the same decision and starts nothing twice.
///
/// ```swift
/// let client = HTTPClient(interceptors: [session.interceptor(hosts: ["api.example.com"])])
/// ```
public final class AuthInterceptor: RequestInterceptor {
  /// Decides whether a response means "the credential was not accepted".
  public typealias AuthenticationFailurePredicate = @Sendable (HTTPResponse) -> Bool

  /// The session that provides and refreshes the credential.
  let session: SessionManager
  /// The hosts (lowercased) that receive the token; an entry may include a port (`host:8443`).
  public let hosts: Set<String>
  /// URLs that never receive the token nor trigger a refresh (the token endpoint among them).
  public let excludedURLs: [URL]
  /// Whether a response is an authentication failure; by default, status 401.
  public let isAuthenticationFailure: AuthenticationFailurePredicate

  init(
    session: SessionManager, hosts: Set<String>, excludedURLs: [URL],
    isAuthenticationFailure: @escaping AuthenticationFailurePredicate
  ) {
    self.session = session
    self.hosts = Set(hosts.map { $0.lowercased() })
    self.excludedURLs = excludedURLs
    self.isAuthenticationFailure = isAuthenticationFailure
  }

  /// The default predicate: a response with status 401.
  public static func unauthorized(_ response: HTTPResponse) -> Bool {
    response.statusCode == 401
  }

  /// A stricter predicate: a 401 carrying a `Bearer` challenge with `error="invalid_token"`
  /// (RFC 6750 §3.1), read from every `WWW-Authenticate` field with the RFC 9110 grammar (quoted
  /// strings, several challenges per field). A bare 401 does not count.
  public static func invalidTokenChallenge(_ response: HTTPResponse) -> Bool {
    response.statusCode == 401 && BearerChallenge(response) == .invalidToken
  }

  /// Whether a request to `url` may carry the token.
  public func authorizes(_ url: URL?) -> Bool {
    guard let url, let host = url.host?.lowercased(), let scheme = url.scheme?.lowercased() else { return false }
    let secure = scheme == "https" || (scheme == "http" && Self.isLoopback(host))
    guard secure else { return false }
    let hostAndPort = url.port.map { "\(host):\($0)" } ?? host
    guard hosts.contains(host) || hosts.contains(hostAndPort) else { return false }
    return !excludedURLs.contains { Self.sameResource($0, url) }
  }

  /// Sets `Authorization: Bearer …` on requests for the configured hosts.
  ///
  /// - Throws: The ``AuthError`` of getting a credential (``AuthError/notSignedIn``, a refresh
  ///   failure); the request is then not sent.
  public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
    guard !context.hasCrossedOrigin, authorizes(request.url) else { return request }
    let versioned = try await session.engine.value(.credential)
    var request = request
    request.setValue(versioned.credential.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
    return request
  }

  /// On an authentication failure of a request this interceptor authorized: compare-and-refresh
  /// by the token the request carried, then retry, once per request; the decision for an attempt
  /// is made once.
  public func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async
    -> RetryDecision
  {
    // Authorized: the request this interceptor adapted (the caller's) and the one that failed
    // (after same-origin redirects) go to a configured host, and no redirect left the origin
    // (the client then removed the token, and the rest of the request goes out without one).
    guard case .response(let response) = failure, !context.hasCrossedOrigin,
      authorizes(context.originalRequest.url), authorizes(response.url ?? request.url),
      let token = Credential.bearerToken(in: request)
    else { return .doNotRetry }
    switch BearerChallenge(response) {
    case .insufficientScope(let scope) where response.statusCode == 401 || response.statusCode == 403:
      return .doNotRetryWithError(AuthError.insufficientScope(requiredScope: scope))
    case .insufficientScope, .otherError:
      return .doNotRetry
    case .invalidToken, .none:
      guard isAuthenticationFailure(response) else { return .doNotRetry }
    }
    let attempt = context.attempt
    let claim = context.update(AuthenticationRetry.self) { claimed -> AuthenticationRetry? in
      if claimed == nil { claimed = AuthenticationRetry(attempt: attempt) }
      return claimed?.attempt == attempt ? claimed : nil
    }
    guard let claim else { return .doNotRetry }
    if let decided = claim.decision.value { return decided }
    // Asked again before the first answer: the session answers from the same flight.
    let decision: RetryDecision
    do throws(AuthError) {
      _ = try await session.engine.value(.afterFailureCarrying(token))
      decision = .retry
    } catch {
      decision = .doNotRetryWithError(error)
    }
    claim.decision.set(decision)
    return claim.decision.value ?? decision
  }

  private static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
  }

  private static func sameResource(_ lhs: URL, _ rhs: URL) -> Bool {
    Origin(lhs) == Origin(rhs) && lhs.path == rhs.path
  }
}

/// The attempt of a request that used its one authentication retry, and the decision for it once
/// made (published without a lock, so the walk of a 401 takes none for it).
struct AuthenticationRetry: RequestContextKey, Sendable {
  typealias Value = AuthenticationRetry

  let attempt: Int
  let decision = OnceValue<RetryDecision>()
}
