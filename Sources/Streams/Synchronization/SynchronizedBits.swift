#if canImport(Darwin)
  /// A word of flags that any thread may set and read; a flag, once set, stays set.
  ///
  /// On Darwin, `Atomic` needs iOS 18 / macOS 15, so the word sits under a lock, in one allocation.
  struct SynchronizedBits: @unchecked Sendable {
    // Unchecked: its word is in a `LockedState`.
    private let state = LockedState(0)

    init() {}

    /// The flags set so far.
    var value: Int { state.withLock { $0 } }

    /// Sets `bits`; returns the flags as they were before.
    func insert(_ bits: Int) -> Int {
      state.withLock { flags in
        let previous = flags
        flags |= bits
        return previous
      }
    }
  }
#else
  import Synchronization

  /// A word of flags that any thread may set and read; a flag, once set, stays set. Stored inline
  /// (no allocation).
  ///
  /// Named for what it guarantees, not how: an `Atomic` here, a lock on Darwin (see there).
  struct SynchronizedBits: ~Copyable, @unchecked Sendable {
    // Unchecked: only an `Atomic`.
    private let raw = Atomic<Int>(0)

    init() {}

    /// The flags set so far.
    var value: Int { raw.load(ordering: .acquiring) }

    /// Sets `bits`; returns the flags as they were before. What this thread wrote before is
    /// visible to a thread whose `insert` or `value` then sees these bits.
    func insert(_ bits: Int) -> Int {
      raw.bitwiseOr(bits, ordering: .acquiringAndReleasing).oldValue
    }
  }
#endif
