import Foundation
import Streams

/// The app-facing session: make it valid before a request, read the token and user without
/// optional chains, sign in and out, restore at start, listen to events, and keep the token fresh
/// in the foreground.
///
/// ```swift
/// let session = SessionManager(
///   oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: "ios-app"),
///   storage: KeychainCredentialStorage(service: "com.example.app"))
/// try await session.restore()
/// session.startAutoRefresh()                         // on entering the foreground
/// let credential = try await session.validSession()  // refreshes inside if needed
/// let userID = try session.userID.get()
/// ```
///
/// Refreshing is private to the session: callers never ask "is it expired?"; they call
/// ``validSession()``, or send requests through an ``HTTPClient`` with ``interceptor(hosts:excludedURLs:)``.
public final class SessionManager: Sendable {
  /// The coordinator that holds the credential.
  public let coordinator: RefreshCoordinator
  /// The actor front that runs sign-in, sign-out and restore one at a time.
  public let tokenStore: TokenStore
  private let autoRefresh = LockedState(AutoRefreshState())
  private let subscription = SingleAssignmentDisposable()

  /// Creates a session manager over `coordinator`.
  public init(coordinator: RefreshCoordinator) {
    self.coordinator = coordinator
    self.tokenStore = TokenStore(coordinator: coordinator)
    let disposable = coordinator.events.subscribe(onNext: { [weak self] event in self?.handle(event) })
    subscription.setDisposable(disposable)
  }

  /// Creates a session manager that refreshes with the OAuth 2.0 refresh grant.
  ///
  /// - Parameters:
  ///   - oauth: The token endpoint and client.
  ///   - transport: What the refresh request is sent with.
  ///   - storage: Where the credential is kept; in memory by default.
  ///   - clock: Wall time, monotonic time and timers; ``SystemClock`` by default.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (tokens redacted).
  public convenience init(
    oauth: OAuthClientConfiguration, transport: any Transport = URLSessionTransport(),
    storage: any CredentialStorage = InMemoryCredentialStorage(), clock: any AuthClock = SystemClock(),
    policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil
  ) {
    self.init(
      coordinator: RefreshCoordinator(
        oauth: oauth, transport: transport, storage: storage, clock: clock, policy: policy, log: log))
  }

  deinit {
    subscription.dispose()
    autoRefresh.withLock { $0.takeTimer(stopping: true) }?.dispose()
  }

  // MARK: Session lifecycle

  /// Restores the stored session (once, at start) and emits ``SessionEvent/initialSession(_:)``.
  ///
  /// - Returns: The restored credential, or `nil` when none was stored.
  @discardableResult
  public func restore() async throws(AuthError) -> Credential? {
    try await tokenStore.restore()
  }

  /// Signs in with `credential`; returns once it was saved and ``SessionEvent/signedIn(_:)`` emitted.
  public func signIn(_ credential: Credential) async throws(AuthError) {
    try await tokenStore.signIn(credential)
  }

  /// Runs a sign-in flow (one at a time) and signs in with the credential it returns.
  public func signIn(using flow: @Sendable () async throws -> Credential) async throws -> Credential {
    try await tokenStore.signIn(using: flow)
  }

  /// Signs out; returns once storage was cleared and ``SessionEvent/signedOut(_:)`` emitted.
  public func signOut() async throws(AuthError) {
    try await tokenStore.signOut()
  }

  // MARK: Using the session

  /// Makes the session valid and returns its credential: refreshes first when the token is
  /// within the leeway of its expiry, joining a refresh already in flight.
  ///
  /// - Throws: ``AuthError``; see its ``AuthError/kind``.
  public func validSession() async throws(AuthError) -> Credential {
    try await tokenStore.validCredential()
  }

  /// The current access token, or why there is none usable (``AuthError/notSignedIn``,
  /// ``AuthError/credentialExpired``). It does not refresh; ``validSession()`` does.
  public var accessToken: Result<String, AuthError> {
    guard let credential = coordinator.current?.credential else { return .failure(.notSignedIn) }
    if credential.isExpired(at: coordinator.clock.now) { return .failure(.credentialExpired) }
    return .success(credential.accessToken)
  }

  /// The signed-in user's id, or why there is none (``AuthError/notSignedIn``,
  /// ``AuthError/userIDUnavailable``).
  public var userID: Result<String, AuthError> {
    guard let credential = coordinator.current?.credential else { return .failure(.notSignedIn) }
    guard let userID = credential.userID else { return .failure(.userIDUnavailable) }
    return .success(userID)
  }

  /// Whether someone is signed in.
  public var isSignedIn: Bool { coordinator.current != nil }

  /// Session events as an `Observable`: ``SessionEvent/initialSession(_:)`` first, then each
  /// change.
  public var events: Observable<SessionEvent> { coordinator.events }

  /// Session events as an `AsyncSequence`.
  public var eventStream: SessionEventStream { SessionEventStream(events: coordinator.events) }

  /// An interceptor that authorizes requests to `hosts` with this session.
  ///
  /// - Parameters:
  ///   - hosts: Host names (optionally with `:port`) that receive the token.
  ///   - excludedURLs: URLs that never do (add your token endpoint if it shares a host).
  public func interceptor(hosts: Set<String>, excludedURLs: [URL] = []) -> AuthInterceptor {
    AuthInterceptor(coordinator: coordinator, hosts: hosts, excludedURLs: excludedURLs)
  }

  // MARK: Proactive refresh

  /// Starts the proactive refresh timer (call when the app enters the foreground): it fires at
  /// `expiresAt − leeway` and is re-armed on every credential change; after a failed refresh it
  /// tries again after ``RefreshPolicy/temporaryFailureCooldown``.
  public func startAutoRefresh() {
    autoRefresh.withLock { $0.isRunning = true }
    rearm(after: nil)
  }

  /// Stops the timer (call when the app enters the background).
  public func stopAutoRefresh() {
    autoRefresh.withLock { $0.takeTimer(stopping: true) }?.dispose()
  }

  /// Whether the proactive refresh timer is running.
  public var isAutoRefreshing: Bool { autoRefresh.snapshot.isRunning }

  private func handle(_ event: SessionEvent) {
    switch event {
    case .initialSession, .signedIn, .tokenRefreshed:
      rearm(after: nil)
    case .refreshFailed:
      rearm(after: max(1, coordinator.policy.temporaryFailureCooldown))
    case .signedOut:
      autoRefresh.withLock { $0.takeTimer(stopping: false) }?.dispose()
    }
  }

  /// Replaces the timer: after `delay`, or at `expiresAt − leeway` of the current credential.
  private func rearm(after delay: TimeInterval?) {
    let (token, previous) = autoRefresh.withLock { state -> (UInt64?, Cancelable?) in
      let previous = state.takeTimer(stopping: false)
      return (state.isRunning ? state.token : nil, previous)
    }
    previous?.dispose()
    guard let token, let credential = coordinator.current?.credential else { return }
    let clock = coordinator.clock
    let leeway = coordinator.policy.leeway
    var wait: TimeInterval
    if let delay {
      wait = delay
    } else {
      guard let expiresAt = credential.expiresAt else { return }
      wait = expiresAt.timeIntervalSince(clock.now) - leeway
      if wait <= 0 { wait = 0 }
    }
    let timer = clock.schedule(after: wait) { [weak self] in self?.timerFired() }
    let stale = autoRefresh.withLock { state -> Bool in
      guard state.isRunning, state.token == token else { return true }
      state.timer = UncheckedSendable(timer)
      return false
    }
    if stale { timer.dispose() }
  }

  private func timerFired() {
    coordinator.credential { [weak self] outcome in
      // A refresh emits tokenRefreshed or refreshFailed, which re-arm; a credential that did not
      // need one yet (the timer fired early) re-arms here.
      guard let self, case .success(let versioned) = outcome else { return }
      if !versioned.credential.needsRefresh(at: self.coordinator.clock.now, leeway: self.coordinator.policy.leeway) {
        self.rearm(after: nil)
      } else {
        self.rearm(after: max(1, self.coordinator.policy.temporaryFailureCooldown))
      }
    }
  }
}

/// The proactive refresh timer's state; `token` invalidates timers armed before a change.
private struct AutoRefreshState {
  var isRunning = false
  var token: UInt64 = 0
  var timer: UncheckedSendable<Cancelable>?

  /// Invalidates every armed timer and hands back the current one, to dispose after unlocking;
  /// `stopping` also stops the proactive refresh.
  mutating func takeTimer(stopping: Bool) -> Cancelable? {
    if stopping { isRunning = false }
    token &+= 1
    defer { timer = nil }
    return timer?.value
  }
}
