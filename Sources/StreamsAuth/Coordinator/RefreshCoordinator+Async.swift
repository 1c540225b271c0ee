import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension RefreshCoordinator {
  /// A usable credential: the current one, or, within the leeway of its expiry, the result of
  /// the refresh (joining the one in flight).
  ///
  /// Cancelling the calling task makes this call throw ``AuthError/cancelled`` at once; the
  /// refresh carries on for the other waiters.
  public func credential() async throws(AuthError) -> VersionedCredential {
    try await awaitOutcome { credential(completion: $0) }.get()
  }

  /// Compare-and-refresh: see ``refresh(ifGeneration:completion:)``.
  public func refresh(ifGeneration generation: Generation) async throws(AuthError) -> VersionedCredential {
    try await awaitOutcome { refresh(ifGeneration: generation, completion: $0) }.get()
  }

  /// Compare-and-refresh by the request's `Authorization` header: see
  /// ``refresh(afterFailureOf:completion:)``.
  public func refresh(afterFailureOf request: URLRequest) async throws(AuthError) -> VersionedCredential {
    try await awaitOutcome { refresh(afterFailureOf: request, completion: $0) }.get()
  }

  /// Signs in with `credential`; returns once it was saved and `signedIn` emitted.
  ///
  /// - Throws: ``AuthError/storage(_:)`` if saving failed (the session is active in memory).
  public func signIn(_ credential: Credential) async throws(AuthError) {
    try await completed { signIn(credential, completion: $0) }
  }

  /// Signs out; returns once storage was cleared and `signedOut` emitted.
  ///
  /// - Throws: ``AuthError/storage(_:)`` if clearing storage failed (the session is over in
  ///   memory regardless).
  public func signOut() async throws(AuthError) {
    try await completed { signOut(completion: $0) }
  }

  /// Loads the stored credential once and emits `initialSession`; see ``restore(completion:)``.
  @discardableResult
  public func restore() async throws(AuthError) -> Credential? {
    try await completed { restore(completion: $0) }
  }

  /// Starts an operation that cannot be cancelled and waits for its completion.
  private func completed<Value: Sendable>(
    _ start: (@escaping AuthCompletion<Value>) -> Void
  ) async throws(AuthError) -> Value {
    try await withCheckedContinuation { continuation in
      start { continuation.resume(returning: $0) }
    }.get()
  }
}
