#if canImport(Darwin)
  /// A once-only flag that any thread may set and read.
  ///
  /// On Darwin, `Atomic` needs iOS 18 / macOS 15, so the flag is a bool under an unfair lock.
  @usableFromInline
  final class OnceFlag: @unchecked Sendable {
    // Unchecked: `value` is read and written only under `lock`.
    @usableFromInline let lock = Lock.make()
    @usableFromInline var value = false

    @usableFromInline init() {}

    /// Whether the flag has been set.
    @inlinable var isSet: Bool { lock.withLock { value } }

    /// Sets the flag; returns `true` only for the call that set it first.
    @inlinable func set() -> Bool {
      lock.withLock {
        if value { return false }
        value = true
        return true
      }
    }
  }
#else
  import Synchronization

  /// A once-only flag that any thread may set and read, stored inline (no allocation).
  ///
  /// Named for what it guarantees, not how: an `Atomic` here, a lock on Darwin (see there).
  @usableFromInline @frozen
  struct OnceFlag: ~Copyable, @unchecked Sendable {
    // Unchecked: only an `Atomic`.
    @usableFromInline let raw = Atomic<Bool>(false)

    @inlinable init() {}

    /// Whether the flag has been set.
    @inlinable var isSet: Bool { raw.load(ordering: .acquiring) }

    /// Sets the flag; returns `true` only for the call that set it first.
    @inlinable func set() -> Bool {
      !raw.exchange(true, ordering: .acquiringAndReleasing)
    }
  }
#endif
