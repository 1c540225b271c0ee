/// The async front of a ``RefreshCoordinator``, as an actor.
///
/// - Concurrent ``validCredential()`` callers coalesce onto one in-flight refresh and all get its
///   first response (the coordinator's single flight with replay signalling).
/// - Entry points that must not overlap (a sign-in flow, "enter the payment screen") run one at a
///   time, first come first served, through ``exclusive(_:)``; ``signIn(_:)``, ``signIn(using:)``,
///   ``signOut()`` and ``restore()`` are exclusive too.
/// - Every failure is a thrown ``AuthError``; its ``AuthError/kind`` tells network, server,
///   account and cancellation apart, so a UI can show the right alert.
///
/// ```swift
/// let store = TokenStore(coordinator: coordinator)
/// async let a = store.validCredential()
/// async let b = store.validCredential()      // joins the same refresh
/// let (first, second) = try await (a, b)     // first == second
/// ```
public actor TokenStore {
  /// The coordinator this store fronts.
  public nonisolated let coordinator: RefreshCoordinator
  private nonisolated let gate = AsyncSerialGate()

  /// Creates a store over `coordinator`.
  public init(coordinator: RefreshCoordinator) {
    self.coordinator = coordinator
  }

  /// A usable credential, refreshed first if within the leeway of its expiry.
  public func validCredential() async throws(AuthError) -> Credential {
    try await coordinator.credential().credential
  }

  /// Compare-and-refresh for a request authorized with `generation`.
  public func refresh(ifGeneration generation: Generation) async throws(AuthError) -> VersionedCredential {
    try await coordinator.refresh(ifGeneration: generation)
  }

  /// Runs `operation` when no other exclusive operation is running; operations run one at a time
  /// in the order they arrived.
  ///
  /// - Throws: ``AuthError/cancelled`` if the task is cancelled while waiting its turn, or what
  ///   `operation` throws.
  public func exclusive<Value: Sendable>(_ operation: @Sendable () async throws -> Value) async throws -> Value {
    try await gate.enter()
    defer { gate.leave() }
    return try await operation()
  }

  /// Signs in with `credential`, exclusively; returns once it was saved.
  public func signIn(_ credential: Credential) async throws(AuthError) {
    try await serialized { [coordinator] () async throws(AuthError) in try await coordinator.signIn(credential) }
  }

  /// Runs a sign-in flow exclusively and signs in with the credential it returns.
  ///
  /// A second sign-in flow started meanwhile waits for this one to finish.
  public func signIn(using flow: @Sendable () async throws -> Credential) async throws -> Credential {
    try await exclusive { [coordinator] in
      let credential = try await flow()
      try await coordinator.signIn(credential)
      return credential
    }
  }

  /// Signs out, exclusively.
  public func signOut() async throws(AuthError) {
    try await serialized { [coordinator] () async throws(AuthError) in try await coordinator.signOut() }
  }

  /// Restores the stored session, exclusively; see ``RefreshCoordinator/restore()``.
  @discardableResult
  public func restore() async throws(AuthError) -> Credential? {
    try await serialized { [coordinator] () async throws(AuthError) in try await coordinator.restore() }
  }

  /// ``exclusive(_:)`` for operations that throw only ``AuthError``.
  private func serialized<Value: Sendable>(
    _ operation: @Sendable () async throws(AuthError) -> Value
  ) async throws(AuthError) -> Value {
    do {
      try await gate.enter()
    } catch {
      throw .cancelled
    }
    defer { gate.leave() }
    return try await operation()
  }
}
