#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// A recursive `pthread_mutex_t` in one allocation.
///
/// Used only by the operators that still deliver to an observer while their state is locked, the
/// exceptions listed in TheContract.md ("How operators keep delivery serial"), so that the observer
/// may call back into the same operator from the same thread without deadlocking. New code
/// serializes with ``SerializedDelivery`` instead.
@usableFromInline
final class RecursiveLock: ManagedBuffer<Void, pthread_mutex_t> {
  /// Creates an unlocked recursive lock.
  @usableFromInline
  static func make() -> RecursiveLock {
    let lock = unsafeDowncast(RecursiveLock.create(minimumCapacity: 1) { _ in () }, to: RecursiveLock.self)
    lock.withUnsafeMutablePointerToElements { pointer in
      pointer.initialize(to: pthread_mutex_t())
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
      let status = pthread_mutex_init(pointer, &attributes)
      pthread_mutexattr_destroy(&attributes)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }
    return lock
  }

  deinit {
    withUnsafeMutablePointerToElements { pointer in
      pthread_mutex_destroy(pointer)
      _ = pointer.deinitialize(count: 1)
    }
  }

  @inlinable @inline(__always)
  func lock() {
    withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
  }

  @inlinable @inline(__always)
  func unlock() {
    withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
  }

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
