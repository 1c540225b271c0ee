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
  typealias LaunchPlatformLock = os_unfair_lock
#else
  typealias LaunchPlatformLock = pthread_mutex_t
#endif

/// A non-recursive lock: `os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere.
///
/// The primitive lives in the tail of a `ManagedBuffer`, so its address never moves. `Mutex` would
/// do, but it needs iOS 18 / macOS 15.
final class LaunchLock: ManagedBuffer<Void, LaunchPlatformLock> {
  /// Creates an unlocked lock.
  static func make() -> LaunchLock {
    let lock = unsafeDowncast(LaunchLock.create(minimumCapacity: 1) { _ in () }, to: LaunchLock.self)
    lock.withUnsafeMutablePointerToElements { primitive in
      #if canImport(Darwin)
        primitive.initialize(to: os_unfair_lock())
      #else
        primitive.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(primitive, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
      #endif
    }
    return lock
  }

  deinit {
    withUnsafeMutablePointerToElements { primitive in
      #if !canImport(Darwin)
        pthread_mutex_destroy(primitive)
      #endif
      _ = primitive.deinitialize(count: 1)
    }
  }

  func lock() {
    withUnsafeMutablePointerToElements { primitive in
      #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
      #else
        _ = pthread_mutex_lock(primitive)
      #endif
    }
  }

  func unlock() {
    withUnsafeMutablePointerToElements { primitive in
      #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
      #else
        _ = pthread_mutex_unlock(primitive)
      #endif
    }
  }
}

/// A value that is only read or changed under its own ``LaunchLock``.
///
/// - Important: never call user code (closures, observers, clocks) or resume a continuation
///   inside ``withLock(_:)``; return what must happen and do it after the lock is released.
final class LockedState<State>: @unchecked Sendable {
  private let lock = LaunchLock.make()
  private var state: State

  init(_ initial: State) {
    state = initial
  }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
