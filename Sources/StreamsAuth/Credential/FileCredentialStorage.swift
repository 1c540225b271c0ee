import Foundation
import Streams

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A storage that keeps the credential as JSON in one file, written atomically and readable and
/// writable by its owner only (mode `0600`, in a directory created with mode `0700`).
///
/// A save writes a temporary file next to the target with mode `0600`, flushes it to disk and
/// renames it over the target, so a crash leaves either the old credential or the new one, never
/// half of one. Use it where there is no Keychain (Linux servers, command-line tools), and for a
/// session that an app shares with its extensions (a file in the shared container).
///
/// Processes that share the file refresh one at a time: a ``SessionManager`` takes an exclusive
/// `flock` on ``lockFileURL`` (created beside the file, mode `0600`, never deleted) before a
/// refresh, re-reads the file, uses a credential another process renewed meanwhile instead of
/// refreshing, and otherwise refreshes and saves before releasing the lock. The kernel releases
/// the lock of a process that dies; a holder that stays longer than `lockTimeout` makes the
/// waiting refresh fail with ``CredentialStorageError/lockTimedOut(path:seconds:)``, a temporary
/// error that keeps the session.
public final class FileCredentialStorage: CredentialStorage, SharedCredentialStorage, @unchecked Sendable {
  // Unchecked: `lock` guards the file's reads and writes; the other stored properties are `let`s.
  /// The file that holds the credential.
  public let fileURL: URL
  /// The cross-process refresh lock: `fileURL` with `.lock` appended.
  public var lockFileURL: URL { refreshLock.url }
  let refreshLock: RefreshLock
  private let lock = Lock.make()

  /// Creates a storage backed by `fileURL`; the file is created on the first save.
  ///
  /// - Parameters:
  ///   - fileURL: The credential file.
  ///   - lockTimeout: How long a refresh waits for another process's refresh before failing
  ///     temporarily; 30 s, longer than a token request normally takes.
  public init(fileURL: URL, lockTimeout: TimeInterval = 30) {
    self.fileURL = fileURL
    self.refreshLock = RefreshLock(
      url: fileURL.deletingLastPathComponent().appendingPathComponent(fileURL.lastPathComponent + ".lock"),
      timeout: max(0, lockTimeout))
  }

  /// Reads and decodes the file; `nil` when it does not exist.
  public func load() throws(CredentialStorageError) -> Credential? {
    let path = fileURL.path
    let data: Data
    do {
      data = try lock.withLock { () throws -> Data in
        guard FileManager.default.fileExists(atPath: path) else { return Data() }
        return try Data(contentsOf: fileURL)
      }
    } catch {
      throw .fileSystem(operation: "read", path: path, reason: Self.reason(error))
    }
    if data.isEmpty { return nil }
    return try Credential(storageData: data)
  }

  /// Replaces the file atomically with `credential`, owner-only.
  public func save(_ credential: Credential) throws(CredentialStorageError) {
    let data = try credential.storageData()
    try lock.withLock { () throws(CredentialStorageError) in try writeAtomically(data) }
  }

  /// Deletes the file; a missing file is not an error.
  public func clear() throws(CredentialStorageError) {
    let path = fileURL.path
    try lock.withLock { () throws(CredentialStorageError) in
      if unlink(path) != 0 && errno != ENOENT {
        throw .fileSystem(operation: "delete", path: path, reason: Self.errnoReason())
      }
    }
  }

  private func writeAtomically(_ data: Data) throws(CredentialStorageError) {
    let directory = fileURL.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .fileSystem(operation: "create the directory", path: directory.path, reason: Self.reason(error))
    }
    let temporary = directory.appendingPathComponent(
      ".\(fileURL.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
    let temporaryPath = temporary.path
    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw .fileSystem(operation: "create", path: temporaryPath, reason: Self.errnoReason())
    }
    var failure: CredentialStorageError?
    // The mode given to open() is filtered by the umask; make sure it is exactly 0600.
    if fchmod(descriptor, 0o600) != 0 {
      failure = .fileSystem(operation: "set permissions of", path: temporaryPath, reason: Self.errnoReason())
    }
    if failure == nil {
      let written = data.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
          let result = write(descriptor, base + offset, buffer.count - offset)
          if result < 0 {
            if errno == EINTR { continue }
            return -1
          }
          offset += result
        }
        return offset
      }
      if written != data.count {
        failure = .fileSystem(operation: "write", path: temporaryPath, reason: Self.errnoReason())
      } else if fsync(descriptor) != 0 {
        failure = .fileSystem(operation: "flush", path: temporaryPath, reason: Self.errnoReason())
      }
    }
    close(descriptor)
    if failure == nil, rename(temporaryPath, fileURL.path) != 0 {
      failure = .fileSystem(operation: "replace", path: fileURL.path, reason: Self.errnoReason())
    }
    if let failure {
      unlink(temporaryPath)
      throw failure
    }
  }

  private static func errnoReason() -> String {
    String(cString: strerror(errno))
  }

  private static func reason(_ error: Error) -> String {
    (error as NSError).localizedDescription
  }
}
