#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `pthread_mutex_t` in the tail of a `ManagedBuffer`: the same lock, allocated the same way, as
/// the one Streams uses on Linux (one allocation, an address that never moves).
final class PThreadMutex: ManagedBuffer<Void, pthread_mutex_t> {
  /// - Parameter recursive: a `PTHREAD_MUTEX_RECURSIVE` mutex, as Streams' `RecursiveLock`.
  static func make(recursive: Bool = false) -> PThreadMutex {
    let mutex = unsafeDowncast(PThreadMutex.create(minimumCapacity: 1) { _ in () }, to: PThreadMutex.self)
    mutex.withUnsafeMutablePointerToElements { pointer in
      pointer.initialize(to: pthread_mutex_t())
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
      let status = pthread_mutex_init(pointer, &attributes)
      pthread_mutexattr_destroy(&attributes)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }
    return mutex
  }

  deinit {
    withUnsafeMutablePointerToElements { pointer in
      pthread_mutex_destroy(pointer)
      _ = pointer.deinitialize(count: 1)
    }
  }

  @inline(__always)
  func lock() {
    withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
  }

  @inline(__always)
  func unlock() {
    withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
  }
}
