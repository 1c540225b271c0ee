#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#else
@usableFromInline typealias PlatformLock = pthread_mutex_t
#endif

/// A small non-recursive lock: `os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere.
///
/// One allocation: the primitive lives in the tail of a `ManagedBuffer`, so its address never
/// moves. `Mutex` would do, but it needs iOS 18 / macOS 15; Streams deploys to iOS 13.
///
/// - Important: never call user code (observers, closures, continuations) while holding it,
///   except where a type documents the Rx serialization it needs.
@usableFromInline
final class Lock: ManagedBuffer<Void, PlatformLock> {
  /// Creates an unlocked lock.
  @usableFromInline
  static func make() -> Lock {
    let lock = unsafeDowncast(Lock.create(minimumCapacity: 1) { _ in () }, to: Lock.self)
    lock.withUnsafeMutablePointerToElements { pointer in
      #if canImport(Darwin)
      pointer.initialize(to: os_unfair_lock())
      #else
      pointer.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(pointer, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
      #endif
    }
    return lock
  }

  deinit {
    withUnsafeMutablePointerToElements { pointer in
      #if !canImport(Darwin)
      pthread_mutex_destroy(pointer)
      #endif
      _ = pointer.deinitialize(count: 1)
    }
  }

  @inlinable @inline(__always)
  func lock() {
    _ = withUnsafeMutablePointerToElements { pointer in
      #if canImport(Darwin)
      os_unfair_lock_lock(pointer)
      #else
      pthread_mutex_lock(pointer)
      #endif
    }
  }

  @inlinable @inline(__always)
  func unlock() {
    _ = withUnsafeMutablePointerToElements { pointer in
      #if canImport(Darwin)
      os_unfair_lock_unlock(pointer)
      #else
      pthread_mutex_unlock(pointer)
      #endif
    }
  }

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
