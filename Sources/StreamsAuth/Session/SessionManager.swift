import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one entry point of StreamsAuth: sign in and out, restore at start, make the session valid
/// before a request, read the token and user without optional chains, listen to events, and
/// authorize an ``HTTPClient``'s requests with ``interceptor(hosts:excludedURLs:isAuthenticationFailure:)``.
///
/// ```swift
/// let session = SessionManager(
///   oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: "ios-app"),
///   storage: KeychainCredentialStorage(service: "com.example.app"))
/// try await session.restore()
/// session.startAutoRefresh()                         // on entering the foreground
/// let credential = try await session.validSession()  // refreshes inside if needed
/// let userID = try session.userID.get()
/// let client = HTTPClient(interceptors: [session.interceptor(hosts: ["api.example.com"])])
/// ```
///
/// Refreshing is private to the session; callers never ask "is it expired?". The rules:
///
/// - **Single flight with replay signalling.** At most one refresh runs. Its outcome is recorded
///   and published once for that credential generation, so every waiter, including one that
///   arrives after the outcome was published, receives it exactly once.
/// - **Every waiter of a generation gets its outcome.** A request that got a 401 with generation G
///   waits for G's outcome, however late: a renewed credential (retried at once, no second
///   refresh), the same temporary error during the cooldown, or the same fatal error after the
///   session was cleared.
/// - **Fatal vs temporary.** `invalid_grant` (expired, revoked, reused) ends the session: storage
///   is re-read in case another process rotated the token, otherwise cleared, and
///   `signedOut(.refreshRejected)` is emitted. Network failures, 5xx, 429 and 408 keep it.
/// - **Save before resume.** A renewed credential is saved before any waiter resumes.
/// - **One refresher across processes.** With a storage that processes share
///   (``FileCredentialStorage``), a refresh takes the store's cross-process lock, re-reads it, and
///   uses a credential another process stored meanwhile instead of refreshing; sign-in and
///   sign-out write the store again under the same lock.
/// - **Loop breaker.** Refreshes that did not help are bounded by ``RefreshWindow``.
/// - **Ownership.** A refresh belongs to the session: a cancelled waiter leaves at once and the
///   refresh carries on; only sign-out, sign-in and deallocation cancel it, and a refresh that
///   finishes after them is discarded.
///
/// Async callers wait in the flight itself and are resumed with its typed outcome; the Rx face
/// (``rx``) subscribes to the flight's replaying subject (an `AsyncSubject`), on which the same
/// outcome is published.
public final class SessionManager: Sendable {
  let engine: SessionEngine
  /// The token endpoint, which never receives the bearer token.
  let tokenEndpoint: URL?
  /// Sign-in, sign-out, restore and ``exclusive(_:)`` run one at a time, in order.
  let gate = AsyncSerialGate()
  /// A dependent session's subscription to its upstream session's events.
  let upstreamSubscription = SingleAssignmentDisposable()
  /// The session this one depends on, if any.
  public let upstream: SessionManager?

  /// The session's name, for events and errors that say which session ended
  /// (``SignOutReason/upstreamSignedOut(session:reason:)``). Not a secret; not stored.
  public let name: String

  /// Creates a session that refreshes with the OAuth 2.0 refresh grant.
  ///
  /// - Parameters:
  ///   - oauth: The token endpoint and client. The token endpoint never receives the bearer
  ///     token, even when it shares a host with the API.
  ///   - transport: What the refresh request is sent with; it never passes through an interceptor.
  ///   - storage: Where the credential is kept; in memory by default.
  ///   - scheduler: Where the session reads the time and runs the proactive refresh timer; a
  ///     background dispatch queue by default. Expiry is compared with its `now`; the refresh
  ///     window and cooldown are measured on the system's monotonic clock, or on the scheduler's
  ///     own clock when it keeps virtual time (StreamsTest's `TestScheduler`), so tests drive both.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (secrets redacted); `nil` for none.
  ///   - name: The session's name in events and errors of sessions that depend on it.
  public convenience init(
    oauth: OAuthClientConfiguration, transport: any Transport = URLSessionTransport(),
    storage: any CredentialStorage = InMemoryCredentialStorage(),
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility),
    policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil, name: String = "session"
  ) {
    self.init(
      refresher: OAuthRefresher(configuration: oauth, transport: transport, scheduler: scheduler), storage: storage,
      scheduler: scheduler, policy: policy, log: log, tokenEndpoint: oauth.tokenEndpoint, name: name)
  }

  /// Creates a session that depends on another: its credential is obtained by exchanging the
  /// `upstream` session's valid access token (``TokenExchange``), and it lives only as long as
  /// the upstream session.
  ///
  /// ```swift
  /// let messenger = SessionManager(oauth: messengerClient, storage: messengerStore, name: "messenger")
  /// let payment = SessionManager(
  ///   dependingOn: messenger,
  ///   exchange: .rfc8693(client: paymentClient, audience: "payments"),
  ///   storage: paymentStore, name: "payment")
  /// ```
  ///
  /// - Its refresh uses its own refresh token first (the grant of `refresh`). When that is
  ///   rejected, or it has no refresh token, it exchanges again with the upstream session's
  ///   ``validSession()``, which may refresh upstream first. When the token server refuses the
  ///   upstream token, the upstream session renews it once (as after a 401) and the exchange is
  ///   tried once more.
  /// - With no credential (never signed in, or signed out), a request obtains one by exchange.
  /// - All of it is one flight: N parallel requests with both sessions expired make one upstream
  ///   refresh and one exchange.
  /// - When the upstream session signs out or its refresh is rejected, this session signs out
  ///   with ``SignOutReason/upstreamSignedOut(session:reason:)``, and its waiters fail with
  ///   ``AuthError/upstreamSignedOut(session:reason:)``. A sign-in upstream ends this session
  ///   too (reason ``SignOutReason/requested``), unless both credentials name the same user
  ///   (``Credential/userID``).
  /// - Each session keeps its credential in its own `storage`; restore both at start.
  ///
  /// - Parameters:
  ///   - upstream: The session whose access token is exchanged; kept alive by this one.
  ///   - exchange: How the exchange is made.
  ///   - refresh: The client of this session's own refresh grant; by default the exchange's
  ///     client (for ``TokenExchange/rfc8693(client:audience:resource:scope:subjectTokenType:requestedTokenType:rejectionCodes:)``),
  ///     none for a ``TokenExchange/custom(_:)`` exchange (every renewal is an exchange).
  ///   - transport: What the exchange and refresh requests are sent with.
  ///   - storage: Where this session's credential is kept.
  ///   - scheduler: As for ``init(oauth:transport:storage:scheduler:policy:log:name:)``.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (secrets redacted); `nil` for none.
  ///   - name: The session's name in events and errors.
  public convenience init(
    dependingOn upstream: SessionManager, exchange: TokenExchange, refresh: OAuthClientConfiguration? = nil,
    transport: any Transport = URLSessionTransport(), storage: any CredentialStorage = InMemoryCredentialStorage(),
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility),
    policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil, name: String = "dependent"
  ) {
    let client = refresh ?? exchange.client
    let own = client.map { OAuthRefresher(configuration: $0, transport: transport, scheduler: scheduler) }
    let refresher = DependentRefresher(
      upstream: upstream, exchange: exchange.make(transport, scheduler), own: own)
    self.init(
      refresher: refresher, storage: storage, scheduler: scheduler, policy: policy, log: log,
      tokenEndpoint: client?.tokenEndpoint, name: name, upstream: upstream)
  }

  /// Creates a session around any refresher.
  ///
  /// - Parameters:
  ///   - refresher: Renews a credential (``OAuthRefresher`` for OAuth 2.0).
  ///   - storage: Where the credential is kept; in memory by default.
  ///   - scheduler: Where the session reads the time and runs the proactive refresh timer; a
  ///     background dispatch queue by default. Expiry is compared with its `now`; the refresh
  ///     window and cooldown are measured on the system's monotonic clock, or on the scheduler's
  ///     own clock when it keeps virtual time (StreamsTest's `TestScheduler`), so tests drive both.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (secrets redacted); `nil` for none.
  ///   - tokenEndpoint: The endpoint the refresher talks to, if any; it never receives the
  ///     bearer token.
  ///   - name: The session's name in events and errors of sessions that depend on it.
  public convenience init(
    refresher: any CredentialRefresher, storage: any CredentialStorage = InMemoryCredentialStorage(),
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility),
    policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil, tokenEndpoint: URL? = nil,
    name: String = "session"
  ) {
    self.init(
      refresher: refresher, storage: storage, scheduler: scheduler, policy: policy, log: log,
      tokenEndpoint: tokenEndpoint, name: name, upstream: nil)
  }

  private init(
    refresher: any CredentialRefresher, storage: any CredentialStorage, scheduler: any SchedulerType,
    policy: RefreshPolicy, log: AuthLogHandler?, tokenEndpoint: URL?, name: String, upstream: SessionManager?
  ) {
    self.engine = SessionEngine(
      refresher: refresher, credentialStorage: storage, scheduler: scheduler, policy: policy, log: log)
    self.tokenEndpoint = tokenEndpoint ?? (refresher as? OAuthRefresher)?.configuration.tokenEndpoint
    self.name = name
    self.upstream = upstream
    if let upstream { follow(upstream) }
  }

  deinit {
    upstreamSubscription.dispose()
    engine.shutDown()
  }

  // MARK: Session lifecycle

  /// Restores the stored session (once, at start) and emits ``SessionEvent/initialSession(_:)``;
  /// later calls report the current credential. A sign-in that happens first wins.
  ///
  /// A dependent session restores its upstream session first (a no-op when that was restored
  /// already). When the upstream has no session, the dependent's stored credential belongs to a
  /// session that ended while the app was not running (a sign-out elsewhere, a cleared store): it
  /// is signed out, as the upstream's sign-out would have done, with
  /// ``SignOutReason/upstreamSignedOut(session:reason:)``, its store is cleared, its tokens are
  /// revoked where the token server can, and `nil` is returned.
  ///
  /// - Returns: The restored credential, or `nil` when none was stored.
  @discardableResult
  public func restore() async throws(AuthError) -> Credential? {
    let upstreamCredential = try await upstream?.restore()
    let restored = try await exclusively { $0.restore() }
    if let upstream, restored != nil, upstreamCredential == nil, !upstream.isSignedIn {
      try await endWithUpstream(.upstreamSignedOut(session: upstream.name, reason: .requested)).outcome
      return nil
    }
    return restored
  }

  /// Signs in with `credential`: it replaces any session (a refresh in flight is cancelled and its
  /// waiters fail with ``AuthError/sessionEnded``); returns once it was saved and
  /// ``SessionEvent/signedIn(_:)`` emitted.
  ///
  /// With a storage that processes share (``FileCredentialStorage``), the credential is saved
  /// once more under the cross-process lock, so it lands after any refresh another process was
  /// saving, and the other processes adopt it at their next refresh.
  ///
  /// - Throws: ``AuthError/storage(_:)`` if saving failed or another process held the lock past
  ///   its timeout (``CredentialStorageError/lockTimedOut(path:seconds:)``); the session is active
  ///   in memory either way.
  public func signIn(_ credential: Credential) async throws(AuthError) {
    try await exclusively { $0.signIn(credential) }
    _ = try await engine.settleShared()
  }

  /// Runs a sign-in flow and signs in with the credential it returns. Sign-in flows, sign-in,
  /// sign-out, restore and ``exclusive(_:)`` run one at a time, first come first served.
  public func signIn(using flow: @Sendable () async throws -> Credential) async throws -> Credential {
    try await exclusive { [engine] in
      let credential = try await flow()
      try await engine.signIn(credential).outcome
      _ = try await engine.settleShared()
      return credential
    }
  }

  /// Runs `operation` when no other exclusive operation (sign-in, sign-out, restore, another
  /// `exclusive` call) is running; they run one at a time, in the order they arrived. Use it for
  /// entry points that must not overlap, such as "enter the payment screen".
  ///
  /// - Throws: ``AuthError/cancelled`` if the task is cancelled while waiting its turn, or what
  ///   `operation` throws.
  public func exclusive<Value: Sendable>(_ operation: @Sendable () async throws -> Value) async throws -> Value {
    try await gate.enter()
    defer { gate.leave() }
    return try await operation()
  }

  /// ``exclusive(_:)`` for a session change: starts it in turn and awaits the outcome it
  /// publishes.
  private func exclusively<Value: Sendable>(
    _ change: (SessionEngine) -> AsyncSubject<Value>
  ) async throws(AuthError) -> Value {
    try await gate.enter()
    defer { gate.leave() }
    return try await change(engine).outcome
  }

  // MARK: Using the session

  /// Makes the session valid and returns its credential: refreshes first when the token is
  /// within the leeway of its expiry (``RefreshPolicy/leeway(for:)``), joining a refresh already
  /// in flight. A proactive refresh that fails temporarily returns the credential that still works.
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled`` at once; the refresh carries on.
  ///
  /// - Throws: ``AuthError``; see its ``AuthError/kind``.
  public func validSession() async throws(AuthError) -> Credential {
    try await credential().credential
  }

  /// Compare-and-refresh for interceptor APIs that keep no per-request state (Alamofire's
  /// `retry(_:for:dueTo:completion:)`): `request` failed authentication; its `Authorization`
  /// header tells which credential it carried. Returns the credential to retry with: the current
  /// one at once if the request carried an older one, otherwise the outcome of that credential's
  /// refresh (started, joined, or already finished). ``rx`` has the `Single` form for
  /// completion-handler APIs.
  public func refresh(afterFailureOf request: URLRequest) async throws(AuthError) -> Credential {
    try await engine.value(.afterFailureCarrying(Credential.bearerToken(in: request))).credential
  }

  /// The current access token, or why there is none usable (``AuthError/notSignedIn``,
  /// ``AuthError/credentialExpired``). It does not refresh; ``validSession()`` does.
  public var accessToken: Result<String, AuthError> {
    guard let credential = engine.current?.credential else { return .failure(.notSignedIn) }
    if credential.isExpired(at: engine.scheduler.now) { return .failure(.credentialExpired) }
    return .success(credential.accessToken)
  }

  /// The signed-in user's id, or why there is none (``AuthError/notSignedIn``,
  /// ``AuthError/userIDUnavailable``).
  public var userID: Result<String, AuthError> {
    guard let credential = engine.current?.credential else { return .failure(.notSignedIn) }
    guard let userID = credential.userID else { return .failure(.userIDUnavailable) }
    return .success(userID)
  }

  /// Whether someone is signed in.
  public var isSignedIn: Bool { engine.current != nil }

  /// The session's policy.
  public var policy: RefreshPolicy { engine.policy }

  /// Session events as an `Observable`: a subscriber first receives
  /// ``SessionEvent/initialSession(_:)`` (once the session was restored or set), then every later
  /// event, one at a time, in order. Completes when the session manager is deallocated.
  public var events: Observable<SessionEvent> { engine.events }

  /// Session events as an `AsyncSequence`.
  public var eventStream: SessionEventStream { engine.events.asInfallible(onErrorFallbackTo: .empty()).values }

  /// An interceptor that authorizes requests to `hosts` with this session.
  ///
  /// - Parameters:
  ///   - hosts: Host names that receive the token, such as `["api.example.com"]`; add a port to
  ///     restrict to it (`"127.0.0.1:8000"`).
  ///   - excludedURLs: URLs (matched without query) that never do. The token endpoint is always
  ///     excluded, even when it shares a host with the API.
  ///   - isAuthenticationFailure: Whether a response means the credential was refused; by
  ///     default status 401 (``AuthInterceptor/unauthorized(_:)``).
  ///     ``AuthInterceptor/invalidTokenChallenge(_:)`` also requires
  ///     `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3.1), for APIs that answer
  ///     401 for other reasons too.
  public func interceptor(
    hosts: Set<String>, excludedURLs: [URL] = [],
    isAuthenticationFailure: @escaping AuthInterceptor.AuthenticationFailurePredicate = AuthInterceptor.unauthorized
  ) -> AuthInterceptor {
    AuthInterceptor(
      session: self, hosts: hosts, excludedURLs: excludedURLs + [tokenEndpoint].compactMap { $0 },
      isAuthenticationFailure: isAuthenticationFailure)
  }

  // MARK: The interceptor's path

  /// The current credential and its generation, without refreshing; `nil` when signed out.
  var current: VersionedCredential? { engine.current }

  /// A usable credential and its generation (see ``validSession()``).
  func credential() async throws(AuthError) -> VersionedCredential {
    try await engine.value(.credential)
  }

  /// Compare-and-refresh: a request authorized with `generation` failed authentication; waits
  /// for that generation's refresh outcome.
  func refresh(ifGeneration generation: Generation) async throws(AuthError) -> VersionedCredential {
    try await engine.value(.afterFailure(generation))
  }
}
