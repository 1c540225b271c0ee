#if !canImport(Darwin)
  import Synchronization
#endif

/// A subject's lock.
///
/// Outside Apple platforms, one of a fixed table of platform locks that all subjects share
/// (``SubjectLockStripes``): creating a subject allocates no lock. The table's locks are
/// `pthread_mutex_t`s, which a contended subject needs: `Mutex` from the Synchronization module
/// would live in the subject, but it waits on a priority-inheritance futex that hands the lock to a
/// waiter at each unlock, and 4 threads sending to one subject on 2 cores then took 2,563 ns a send
/// instead of about 60 (benchmark row I).
///
/// On Apple platforms, a ``Lock`` of the subject's own (a second allocation), as before.
///
/// A subject holds its lock only for a few loads and stores: it calls no observer or closure under
/// it, and releases whatever it lets go of after unlocking (a `deinit` may use another subject). So
/// a thread holds at most one subject lock at a time, and two subjects that share a lock cannot
/// deadlock; they only contend.
@usableFromInline @frozen
struct SubjectLock {
  #if canImport(Darwin)
    @usableFromInline let ownLock: Lock
  #else
    @usableFromInline let platformLock: UnsafeMutablePointer<PlatformLock>
  #endif

  /// The lock of a new subject.
  @usableFromInline
  init() {
    #if canImport(Darwin)
      ownLock = Lock.make()
    #else
      platformLock = SubjectLockStripes.shared.next()
    #endif
  }

  /// Locks.
  @inlinable @inline(__always)
  func lock() {
    #if canImport(Darwin)
      ownLock.lock()
    #else
      platformLock.lockPlatformLock()
    #endif
  }

  /// Unlocks.
  @inlinable @inline(__always)
  func unlock() {
    #if canImport(Darwin)
      ownLock.unlock()
    #else
      platformLock.unlockPlatformLock()
    #endif
  }

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

#if !canImport(Darwin)
  /// The locks that subjects share outside Apple platforms: ``count`` platform locks, each on its
  /// own cache line, created once and never freed (lock striping, as the Objective-C runtime
  /// does for atomic properties). Subjects take them in turn, so that subjects created one after
  /// another never share a lock, and any two share one with a chance of 1 in ``count``.
  // Unchecked: `base` is written once, in `init`, and the locks it points to are used only through
  // their own API.
  final class SubjectLockStripes: @unchecked Sendable {
    /// The table every subject takes its lock from.
    static let shared = SubjectLockStripes()

    /// How many locks the table holds; a power of two.
    static let count = 64

    /// The distance between two locks: a whole number of cache lines.
    private static let stride = (MemoryLayout<PlatformLock>.stride + 63) / 64 * 64

    private let base: UnsafeMutableRawPointer
    private let taken = Atomic<Int>(0)

    private init() {
      base = UnsafeMutableRawPointer.allocate(byteCount: Self.count * Self.stride, alignment: 64)
      for index in 0..<Self.count {
        (base + index * Self.stride).bindMemory(to: PlatformLock.self, capacity: 1).initializePlatformLock()
      }
    }

    private func lock(at index: Int) -> UnsafeMutablePointer<PlatformLock> {
      (base + index * Self.stride).assumingMemoryBound(to: PlatformLock.self)
    }

    /// The lock for the next subject.
    func next() -> UnsafeMutablePointer<PlatformLock> {
      lock(at: taken.wrappingAdd(1, ordering: .relaxed).oldValue & (Self.count - 1))
    }
  }
#endif
