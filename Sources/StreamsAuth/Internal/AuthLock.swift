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
  typealias AuthPlatformLock = os_unfair_lock
#else
  typealias AuthPlatformLock = pthread_mutex_t
#endif

/// StreamsAuth's own small non-recursive lock (`os_unfair_lock` on Darwin, `pthread_mutex_t`
/// elsewhere), since `Mutex` needs iOS 18 and Streams' internal lock is not visible here.
///
/// - Important: never call user code (storages, refreshers, observers, continuations) while
///   holding it.
final class AuthLock: ManagedBuffer<Void, AuthPlatformLock> {
  /// Creates an unlocked lock.
  static func make() -> AuthLock {
    let lock = unsafeDowncast(AuthLock.create(minimumCapacity: 1) { _ in () }, to: AuthLock.self)
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

  func lock() {
    withUnsafeMutablePointerToElements { pointer in
      #if canImport(Darwin)
        os_unfair_lock_lock(pointer)
      #else
        _ = pthread_mutex_lock(pointer)
      #endif
    }
  }

  func unlock() {
    withUnsafeMutablePointerToElements { pointer in
      #if canImport(Darwin)
        os_unfair_lock_unlock(pointer)
      #else
        _ = pthread_mutex_unlock(pointer)
      #endif
    }
  }

  /// Runs `body` with the lock held.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A value guarded by an ``AuthLock``; every access is one transaction.
final class Locked<Value>: @unchecked Sendable {
  private let lock = AuthLock.make()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  func withValue<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// A copy of the value.
  var snapshot: Value { lock.withLock { value } }
}

/// Carries a value that is not `Sendable` across a boundary that is known to be safe; each use
/// says why.
struct UnsafeTransfer<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
