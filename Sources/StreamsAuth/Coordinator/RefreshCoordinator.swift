import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one source of truth for a session's credential, and the only place a refresh starts.
///
/// The coordinator keeps the credential with a ``Generation`` (bumped on every change) and an
/// epoch (bumped on sign-in and sign-out), and enforces these rules:
///
/// - **Single flight with replay signalling.** At most one refresh runs. Its outcome is published
///   once on a replaying subject for that generation, so every waiter, including one that
///   subscribes after the outcome was published, receives it exactly once.
/// - **Compare-and-refresh.** ``refresh(ifGeneration:completion:)`` for a generation that was
///   already replaced returns the current credential at once, with no refresh.
/// - **Failure memo.** A failed generation is not refreshed again: every caller gets the same
///   typed error (after a temporary failure, until ``RefreshPolicy/temporaryFailureCooldown``).
/// - **Fatal vs temporary.** `invalid_grant` (expired, revoked, reused) ends the session: storage
///   is re-read in case another process rotated the token, otherwise cleared, and
///   `signedOut(.refreshRejected)` is emitted. Network failures, 5xx, 429 and 408 keep it.
/// - **Loop breaker.** More than ``RefreshWindow/maximumRefreshes`` within the window fails with
///   ``AuthError/excessiveRefresh(refreshes:interval:)``.
/// - **Save before resume.** A renewed credential is saved to storage before any waiter resumes.
/// - **Epoch.** A refresh that finishes after a sign-out or a new sign-in is discarded.
/// - **Ownership.** The refresh belongs to the coordinator: a cancelled waiter leaves at once and
///   the refresh carries on; only sign-out, sign-in and deallocation cancel it.
///
/// Two faces over the same state: callbacks (shaped for interceptor APIs such as Alamofire's
/// `retry(_:for:dueTo:completion:)`) and their Rx form (``rx``), and async/await.
///
/// ```swift
/// let coordinator = RefreshCoordinator(
///   oauth: OAuthClientConfiguration(tokenEndpoint: tokenURL, clientID: "ios-app"),
///   storage: FileCredentialStorage(fileURL: credentialFile))
/// try await coordinator.restore()
/// let client = HTTPClient(interceptors: [AuthInterceptor(coordinator: coordinator, hosts: ["api.example.com"])])
/// ```
public final class RefreshCoordinator: Sendable {
  let storage: RefreshCoordinatorStorage

  /// Creates a coordinator around any refresher.
  ///
  /// - Parameters:
  ///   - refresher: Renews a credential (``OAuthRefresher`` for OAuth 2.0).
  ///   - storage: Where the credential is kept; in memory by default.
  ///   - clock: Wall time, monotonic time and timers; ``SystemClock`` by default.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (tokens redacted); `nil` for none.
  public init(
    refresher: any CredentialRefresher, storage: any CredentialStorage = InMemoryCredentialStorage(),
    clock: any AuthClock = SystemClock(), policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil
  ) {
    self.storage = RefreshCoordinatorStorage(
      refresher: refresher, credentialStorage: storage, clock: clock, policy: policy, log: log)
  }

  /// Creates a coordinator that refreshes with the OAuth 2.0 refresh grant.
  ///
  /// - Parameters:
  ///   - oauth: The token endpoint and client.
  ///   - transport: What the refresh request is sent with; it never passes through an interceptor.
  ///   - storage: Where the credential is kept; in memory by default.
  ///   - clock: Wall time, monotonic time and timers; ``SystemClock`` by default.
  ///   - policy: Leeway, refresh window and cooldown.
  ///   - log: Receives log lines (tokens redacted); `nil` for none.
  public convenience init(
    oauth: OAuthClientConfiguration, transport: any Transport = URLSessionTransport(),
    storage: any CredentialStorage = InMemoryCredentialStorage(), clock: any AuthClock = SystemClock(),
    policy: RefreshPolicy = RefreshPolicy(), log: AuthLogHandler? = nil
  ) {
    self.init(
      refresher: OAuthRefresher(configuration: oauth, transport: transport, clock: clock), storage: storage,
      clock: clock, policy: policy, log: log)
  }

  deinit {
    storage.shutDown()
  }

  /// The current credential and its generation, without refreshing; `nil` when signed out.
  public var current: VersionedCredential? { storage.current }

  /// The clock the coordinator reads.
  public var clock: any AuthClock { storage.clock }

  /// The coordinator's policy.
  public var policy: RefreshPolicy { storage.policy }

  /// Session events: a subscriber first receives ``SessionEvent/initialSession(_:)`` (once the
  /// session was restored or set), then every later event. Completes when the coordinator is
  /// deallocated. Events are delivered one at a time, in order.
  public var events: Observable<SessionEvent> {
    Observable.create { [weak storage] observer in
      guard let storage else {
        observer.onCompleted()
        return Disposables.create()
      }
      return storage.subscribeEvents(observer)
    }
  }

  // MARK: Callback face

  /// Reports a usable credential: the current one, or, within the leeway of its expiry, the
  /// result of the refresh (joining the one in flight).
  ///
  /// The completion runs once: at once on the calling thread when no refresh is needed, otherwise
  /// on the thread that finishes the refresh. Dispose the result to leave early (the completion is
  /// then not called; the refresh carries on).
  @discardableResult
  public func credential(completion: @escaping @Sendable (Result<VersionedCredential, AuthError>) -> Void)
    -> Cancelable
  {
    storage.credential(completion: completion)
  }

  /// Compare-and-refresh: a request authorized with generation `generation` failed
  /// authentication. Reports the current credential at once if it is newer; otherwise refreshes
  /// (or joins the refresh in flight, or reports the failure memo) and reports the outcome.
  @discardableResult
  public func refresh(
    ifGeneration generation: Generation,
    completion: @escaping @Sendable (Result<VersionedCredential, AuthError>) -> Void
  ) -> Cancelable {
    storage.refresh(ifGeneration: generation, completion: completion)
  }

  /// Compare-and-refresh for interceptor APIs that keep no per-request state (Alamofire's
  /// `retry(_:for:dueTo:completion:)`): `request` failed authentication; its `Authorization`
  /// header tells which credential it carried.
  ///
  /// ```swift
  /// func retry(_ request: Request, for session: Session, dueTo error: Error,
  ///            completion: @escaping (RetryResult) -> Void) {
  ///   guard request.response?.statusCode == 401, let urlRequest = request.request else {
  ///     return completion(.doNotRetry)
  ///   }
  ///   coordinator.refresh(afterFailureOf: urlRequest) { result in
  ///     switch result {
  ///     case .success: completion(.retry)
  ///     case .failure(let error): completion(.doNotRetryWithError(error))
  ///     }
  ///   }
  /// }
  /// ```
  @discardableResult
  public func refresh(
    afterFailureOf request: URLRequest,
    completion: @escaping @Sendable (Result<VersionedCredential, AuthError>) -> Void
  ) -> Cancelable {
    let header = request.value(forHTTPHeaderField: "Authorization")
    var token: String?
    if let header, header.count > 7, header.prefix(7).lowercased() == "bearer " {
      token = String(header.dropFirst(7))
    }
    return storage.refresh(ifAccessToken: token, completion: completion)
  }

  /// Signs in with `credential`: it replaces any session (a refresh in flight is cancelled and its
  /// waiters fail with ``AuthError/sessionEnded``), is saved, then `signedIn` is emitted and
  /// `completion` called.
  public func signIn(
    _ credential: Credential, completion: @escaping @Sendable (Result<Void, AuthError>) -> Void = { _ in }
  ) {
    storage.signIn(credential, completion: completion)
  }

  /// Signs out: the credential is forgotten at once, a refresh in flight is cancelled (its
  /// result will be discarded) and its waiters fail with ``AuthError/sessionEnded``; then storage
  /// is cleared, `signedOut(.requested)` emitted and `completion` called.
  public func signOut(completion: @escaping @Sendable (Result<Void, AuthError>) -> Void = { _ in }) {
    storage.signOut(completion: completion)
  }

  /// Loads the stored credential once, at start, and emits `initialSession`; later calls report
  /// the current credential. A sign-in that happens first wins.
  public func restore(completion: @escaping @Sendable (Result<Credential?, AuthError>) -> Void) {
    storage.restore(completion: completion)
  }

  /// The Rx face: `coordinator.rx.credential()` and friends as `Single`s.
  public var rx: AuthReactive<RefreshCoordinator> { AuthReactive(self) }
}
