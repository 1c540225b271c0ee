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
  typealias AdapterPlatformLock = os_unfair_lock
#else
  typealias AdapterPlatformLock = pthread_mutex_t
#endif

/// A value of type `State` guarded by a small non-recursive lock: `os_unfair_lock` on Darwin,
/// `pthread_mutex_t` elsewhere.
///
/// One allocation: the state is the header of a `ManagedBuffer` and the lock lives in its tail, so
/// the lock's address never moves. `Mutex` would do, but it needs iOS 18 / macOS 15 and the package
/// deploys to iOS 13; `Lock` in Streams is internal to that module.
///
/// - Important: Never resume a continuation, call an SDK hook or any other user code inside
///   ``withLock(_:)``. Take what must run out of the state, unlock, then run it.
struct LockedState<State> {
  private let buffer: LockedStateBuffer<State>

  private init(buffer: LockedStateBuffer<State>) {
    self.buffer = buffer
  }

  /// Creates the lock around `initial`.
  static func make(_ initial: State) -> LockedState<State> {
    LockedState(buffer: LockedStateBuffer.make(initial))
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
      #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }
}

// The state is only ever touched inside `withLock`, which serializes every access.
extension LockedState: @unchecked Sendable where State: Sendable {}

/// The storage of ``LockedState``: the state in the header, the platform lock in the tail.
final class LockedStateBuffer<State>: ManagedBuffer<State, AdapterPlatformLock> {
  static func make(_ initial: State) -> LockedStateBuffer<State> {
    let buffer = LockedStateBuffer.create(minimumCapacity: 1) { _ in initial }
    let locked = unsafeDowncast(buffer, to: LockedStateBuffer<State>.self)
    locked.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
      #else
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
      #endif
    }
    return locked
  }

  deinit {
    withUnsafeMutablePointerToElements { lock in
      #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
      #endif
      _ = lock.deinitialize(count: 1)
    }
  }
}
