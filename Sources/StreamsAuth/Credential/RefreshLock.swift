import Foundation
import Streams

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The cross-process refresh lock of a shared credential store: an exclusive `flock(2)` on a lock
/// file beside the store.
///
/// Every process (and every ``SessionManager`` in one process) that refreshes a credential kept
/// in the store takes it first, re-reads the store, and holds it until the renewed credential is
/// saved, so one refresh token is presented once. The kernel releases the lock when its holder
/// closes the file or dies, even by `SIGKILL`: a lock file left behind is never stale, and a
/// waiter goes on as soon as the holder is gone. Waiting polls with a non-blocking `flock` (from
/// 2 ms to 50 ms apart, on the caller's task, blocking no thread) until ``timeout``.
///
/// The lock file is created with mode `0600` and never deleted: deleting it while another process
/// waits on it would let two processes hold "the" lock at once.
struct RefreshLock: Sendable {
  /// The lock file.
  let url: URL
  /// How long to wait for another holder before giving up.
  let timeout: TimeInterval

  /// A held lock; ``release()`` (or deallocation) gives it back.
  final class Lease: Sendable {
    private let descriptor: LockedState<Int32?>

    fileprivate init(descriptor: Int32) {
      self.descriptor = LockedState(descriptor)
    }

    /// Gives the lock back; later calls do nothing.
    func release() {
      guard
        let descriptor = descriptor.withLock({ state in
          defer { state = nil }; return state
        })
      else { return }
      // Closing the last descriptor of the open file releases the flock.
      close(descriptor)
    }

    deinit {
      release()
    }
  }

  /// Waits up to ``timeout`` for the lock.
  ///
  /// - Throws: ``AuthError/storage(_:)`` with ``CredentialStorageError/lockTimedOut(path:seconds:)``
  ///   when another holder kept it longer, or ``CredentialStorageError/fileSystem(operation:path:reason:)``
  ///   when the lock file cannot be opened; ``AuthError/cancelled`` when the task is cancelled.
  func acquire() async throws(AuthError) -> Lease {
    let path = url.path
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .storage(.fileSystem(operation: "open the lock file", path: path, reason: Self.errnoReason()))
    }
    let lease = Lease(descriptor: descriptor)
    let started = DispatchTime.now().uptimeNanoseconds
    var pause: UInt64 = 2_000_000
    while true {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return lease }
      let failure = errno
      guard failure == EWOULDBLOCK || failure == EINTR else {
        throw .storage(.fileSystem(operation: "lock", path: path, reason: Self.errnoReason()))
      }
      let waited = TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      guard waited < timeout else { throw .storage(.lockTimedOut(path: path, seconds: timeout)) }
      do {
        try await Task.sleep(nanoseconds: min(pause, UInt64(max(0, timeout - waited) * 1e9) + 1))
      } catch {
        throw .cancelled
      }
      pause = min(pause * 2, 50_000_000)
    }
  }

  private static func errnoReason() -> String {
    String(cString: strerror(errno))
  }
}
