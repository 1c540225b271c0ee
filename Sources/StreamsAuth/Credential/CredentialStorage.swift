import Foundation
import Streams

/// A storage that several processes may share: a refresh takes its cross-process lock, re-reads
/// the store, adopts a credential another process renewed meanwhile, and otherwise refreshes and
/// saves before releasing the lock.
protocol SharedCredentialStorage: CredentialStorage {
  /// The lock beside the store.
  var refreshLock: RefreshLock { get }
}

/// Where the credential survives between launches.
///
/// A ``SessionManager`` calls its storage from one job at a time, in the order of the state changes that
/// caused the calls, and never while holding a lock; a rotated credential is saved before any
/// waiter resumes with it. Implementations must be safe to call from any thread.
///
/// StreamsAuth provides ``InMemoryCredentialStorage``, ``FileCredentialStorage`` (an atomic file
/// readable only by its owner) and, where `Security` is available, `KeychainCredentialStorage`.
public protocol CredentialStorage: Sendable {
  /// The stored credential, or `nil` when there is none.
  func load() throws(CredentialStorageError) -> Credential?
  /// Replaces the stored credential with `credential`.
  func save(_ credential: Credential) throws(CredentialStorageError)
  /// Removes the stored credential; removing nothing is not an error.
  func clear() throws(CredentialStorageError)
}

/// A failure of a ``CredentialStorage``.
public enum CredentialStorageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The credential could not be encoded.
  case encodingFailed(String)
  /// The stored bytes are not a credential (corrupt, or written by an incompatible version).
  case decodingFailed(String)
  /// A file operation failed.
  case fileSystem(operation: String, path: String, reason: String)
  /// A Keychain call failed with `status` (an `OSStatus`).
  case keychain(operation: String, status: Int32)
  /// Another process held the refresh lock at `path` for more than `seconds`; nothing was
  /// refreshed and the session was kept. Temporary: the next attempt waits again.
  case lockTimedOut(path: String, seconds: TimeInterval)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .encodingFailed(let reason):
      return "The credential could not be encoded (\(reason))."
    case .decodingFailed(let reason):
      return "The stored credential could not be read (\(reason)); clear the storage and sign in again."
    case .fileSystem(let operation, let path, let reason):
      return "Could not \(operation) \(path): \(reason). Check that the directory exists and is writable by this user."
    case .lockTimedOut(let path, let seconds):
      return "Another process held the refresh lock \(path) for more than \(AuthError.seconds(seconds)); "
        + "nothing was refreshed and the session was kept. Try again."
    case .keychain(let operation, let status):
      return "The Keychain refused to \(operation) (OSStatus \(status)); check the access group and accessibility."
    }
  }
}

extension Credential {
  /// The JSON that the file and Keychain storages keep.
  func storageData() throws(CredentialStorageError) -> Data {
    do {
      return try JSONEncoder().encode(self)
    } catch {
      throw .encodingFailed("\(type(of: error))")
    }
  }

  /// A credential read back from ``storageData()``.
  init(storageData: Data) throws(CredentialStorageError) {
    do {
      self = try JSONDecoder().decode(Credential.self, from: storageData)
    } catch {
      throw .decodingFailed("\(type(of: error))")
    }
  }
}
