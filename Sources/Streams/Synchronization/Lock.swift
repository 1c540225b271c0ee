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
  @usableFromInline package typealias PlatformLock = os_unfair_lock
#else
  @usableFromInline package typealias PlatformLock = pthread_mutex_t
#endif

/// A small non-recursive lock: `os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere.
///
/// One allocation: the primitive lives in the tail of a `ManagedBuffer`, so its address never
/// moves. `Mutex` would do, but it needs iOS 18 / macOS 15; Streams deploys to iOS 13.
/// Visible to the package's other libraries, so that each does not carry its own copy.
///
/// - Important: never call user code (observers, closures, continuations) while holding it,
///   except where a type documents the Rx serialization it needs.
@usableFromInline
package final class Lock: ManagedBuffer<Void, PlatformLock> {
  /// Creates an unlocked lock.
  @usableFromInline
  package static func make() -> Lock {
    let lock = unsafeDowncast(Lock.create(minimumCapacity: 1) { _ in () }, to: Lock.self)
    lock.withUnsafeMutablePointerToElements { $0.initializePlatformLock() }
    return lock
  }

  deinit {
    withUnsafeMutablePointerToElements { $0.deinitializePlatformLock() }
  }

  @inlinable @inline(__always)
  package func lock() {
    withUnsafeMutablePointerToElements { $0.lockPlatformLock() }
  }

  @inlinable @inline(__always)
  package func unlock() {
    withUnsafeMutablePointerToElements { $0.unlockPlatformLock() }
  }

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// The platform primitive's life cycle, at an address that never moves (the tail of a
/// `ManagedBuffer`).
extension UnsafeMutablePointer where Pointee == PlatformLock {
  @usableFromInline
  func initializePlatformLock() {
    #if canImport(Darwin)
      initialize(to: os_unfair_lock())
    #else
      initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(self, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    #endif
  }

  @usableFromInline
  func deinitializePlatformLock() {
    #if !canImport(Darwin)
      pthread_mutex_destroy(self)
    #endif
    deinitialize(count: 1)
  }

  @inlinable @inline(__always)
  func lockPlatformLock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(self)
    #else
      pthread_mutex_lock(self)
    #endif
  }

  @inlinable @inline(__always)
  func unlockPlatformLock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(self)
    #else
      pthread_mutex_unlock(self)
    #endif
  }
}
