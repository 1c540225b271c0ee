/// A value of type `State` that is only read or changed under its own ``Lock``-style primitive
/// (`os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere).
///
/// One allocation: the state is the header of a `ManagedBuffer` and the lock lives in its tail, so
/// the lock's address never moves. `Mutex` would do, but it needs iOS 18 / macOS 15 and the
/// package deploys to iOS 13. Visible to the package's other libraries.
///
/// - Important: never call user code (closures, observers, SDK hooks) or resume a continuation
///   inside ``withLock(_:)``: return what must happen, and do it after the lock is released.
package struct LockedState<State> {
  private let buffer: LockedStateBuffer<State>

  /// Creates the lock around `initial`.
  package init(_ initial: State) {
    buffer = LockedStateBuffer.make(initial)
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  package func withLock<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try buffer.withLockedState(body)
  }

  /// A copy of the state, read under the lock.
  package var snapshot: State { withLock { $0 } }
}

// Unchecked: the state is only ever touched inside `withLock`, which serializes every access.
extension LockedState: @unchecked Sendable where State: Sendable {}

/// The storage of ``LockedState``: the state in the header, the platform lock in the tail.
private final class LockedStateBuffer<State>: ManagedBuffer<State, PlatformLock> {
  static func make(_ initial: State) -> LockedStateBuffer<State> {
    let buffer = unsafeDowncast(
      LockedStateBuffer.create(minimumCapacity: 1) { _ in initial }, to: LockedStateBuffer<State>.self)
    buffer.withUnsafeMutablePointerToElements { $0.initializePlatformLock() }
    return buffer
  }

  deinit {
    withUnsafeMutablePointerToElements { $0.deinitializePlatformLock() }
  }

  @inline(__always)
  func withLockedState<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeMutablePointers { (state, lock) throws(Failure) -> Result in
      lock.lockPlatformLock()
      defer { lock.unlockPlatformLock() }
      return try body(&state.pointee)
    }
  }
}
