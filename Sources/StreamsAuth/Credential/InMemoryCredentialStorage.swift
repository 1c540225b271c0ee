import Streams

/// A storage that keeps the credential in memory only: nothing survives the process.
public final class InMemoryCredentialStorage: CredentialStorage {
  private let state: LockedState<Credential?>

  /// Creates a storage holding `credential`, if any.
  public init(_ credential: Credential? = nil) {
    state = LockedState(credential)
  }

  /// The credential held.
  public func load() throws(CredentialStorageError) -> Credential? { state.snapshot }

  /// Holds `credential`.
  public func save(_ credential: Credential) throws(CredentialStorageError) {
    state.withLock { $0 = credential }
  }

  /// Forgets the credential.
  public func clear() throws(CredentialStorageError) {
    state.withLock { $0 = nil }
  }
}
