import Foundation

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
///   (refreshing proactively within the leeway), sets `Authorization: Bearer …`, and remembers
///   the generation on the request's ``RequestContext``. Any other request goes out unchanged,
///   signed in or not. Never to a third party.
/// - **Retry**: for a request this interceptor authorized, the response's `Bearer` challenges
///   (RFC 6750 §3, every `WWW-Authenticate` field, properly parsed) decide first:
///   - `error="insufficient_scope"` (on a 401 or 403): no refresh, which cannot help; the request
///     fails with ``AuthError/insufficientScope(requiredScope:)`` naming the scope to ask for.
///   - another error code than `invalid_token` (`invalid_request`, …): no refresh; the response is
///     returned as it is.
///   - `error="invalid_token"`, or no `Bearer` error at all (a bare 401, a malformed header, other
///     schemes only): when ``isAuthenticationFailure`` says so (401 by default), waits for the
///     outcome of that generation's refresh (started, joined, or already finished: no network
///     call if the credential was already replaced), then ``RetryDecision/retry``.
///
///   At most one authentication retry per request; the decision for an attempt is memoized, so
///   asking twice starts nothing twice.
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
    let crossed = context.transaction { state in
      state[AuthorizedGeneration.self] = nil
      return state.hasCrossedOrigin
    }
    guard !crossed, authorizes(request.url) else { return request }
    let versioned = try await session.credential()
    var request = request
    request.setValue(versioned.credential.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
    context[AuthorizedGeneration.self] = versioned.generation
    return request
  }

  /// On an authentication failure of a request this interceptor authorized: compare-and-refresh,
  /// then retry, once per request.
  public func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async
    -> RetryDecision
  {
    guard case .response(let response) = failure, authorizes(response.url ?? request.url) else { return .doNotRetry }
    switch BearerChallenge(response) {
    case .insufficientScope(let scope) where response.statusCode == 401 || response.statusCode == 403:
      guard authorized(context) else { return .doNotRetry }
      return .doNotRetryWithError(AuthError.insufficientScope(requiredScope: scope))
    case .insufficientScope, .otherError:
      return .doNotRetry
    case .invalidToken, .none:
      guard isAuthenticationFailure(response) else { return .doNotRetry }
    }
    // The request's facts and the claim of its retry in one transaction.
    let (attempt, generation, claim) = context.transaction { state -> (Int, Generation?, AuthRetryLedger.Claim) in
      guard !state.hasCrossedOrigin, let generation = state[AuthorizedGeneration.self] else {
        return (state.attempt, nil, .refused)
      }
      var ledger = state[AuthRetryLedger.self] ?? AuthRetryLedger()
      defer { state[AuthRetryLedger.self] = ledger }
      return (state.attempt, generation, ledger.claim(attempt: state.attempt))
    }
    guard let generation else { return .doNotRetry }
    switch claim {
    case .refused:
      return .doNotRetry
    case .decided(let decision):
      return decision.retryDecision
    case .granted:
      break
    }
    let decision: AuthRetryLedger.Decision
    do throws(AuthError) {
      _ = try await session.refresh(ifGeneration: generation)
      decision = .retry
    } catch {
      decision = .fail(error)
    }
    context.update(AuthRetryLedger.self) { ledger in ledger?.record(decision, attempt: attempt) }
    return decision.retryDecision
  }

  /// Whether this interceptor authorized the request's current attempt (and no redirect left
  /// its origin).
  private func authorized(_ context: RequestContext) -> Bool {
    context.transaction { !$0.hasCrossedOrigin && $0[AuthorizedGeneration.self] != nil }
  }

  private static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
  }

  private static func sameResource(_ lhs: URL, _ rhs: URL) -> Bool {
    Origin(lhs) == Origin(rhs) && lhs.path == rhs.path
  }
}

/// The generation an ``AuthInterceptor`` attached to the current attempt.
enum AuthorizedGeneration: RequestContextKey {
  typealias Value = Generation
}

/// Per-request record of authentication retries: one per request, decided once per attempt.
struct AuthRetryLedger: RequestContextKey, Sendable {
  typealias Value = AuthRetryLedger

  enum Decision: Sendable {
    case retry
    case fail(AuthError)

    var retryDecision: RetryDecision {
      switch self {
      case .retry: return .retry
      case .fail(let error): return .doNotRetryWithError(error)
      }
    }
  }

  enum Claim {
    /// This call may refresh for the attempt.
    case granted
    /// The attempt was decided already; repeat the decision.
    case decided(Decision)
    /// The request used its authentication retry on an earlier attempt.
    case refused
  }

  private var claimedAttempt: Int?
  private var decisions: [Int: Decision] = [:]

  mutating func claim(attempt: Int) -> Claim {
    if let decision = decisions[attempt] { return .decided(decision) }
    if let claimedAttempt, claimedAttempt != attempt { return .refused }
    // A second call for the claimed, undecided attempt also refreshes: the session makes
    // that idempotent (it joins the same refresh, or sees the generation already replaced).
    claimedAttempt = attempt
    return .granted
  }

  mutating func record(_ decision: Decision, attempt: Int) {
    decisions[attempt] = decision
  }
}
