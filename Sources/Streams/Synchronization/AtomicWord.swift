#if canImport(Darwin) || STREAMS_C11_ATOMICS
  import StreamsAtomics

  /// A word that any thread may read and write without a lock: what ``OnceFlag``,
  /// ``SynchronizedBits`` and ``SynchronizedBool`` are made of, and StreamsAuth's `RequestContext`.
  ///
  /// On Darwin, Swift's `Atomic` needs iOS 18 / macOS 15 and Streams deploys to iOS 13, so the
  /// word is a C11 atomic (the `StreamsAtomics` target) in the tail of a `ManagedBuffer`, where
  /// its address never moves: one allocation, no lock. Linux builds this variant when compiled
  /// with `-DSTREAMS_C11_ATOMICS`, so that its cost can be measured here (Benchmarks/README.md).
  @usableFromInline @frozen
  package struct AtomicWord: ~Copyable, @unchecked Sendable {
    // Unchecked: the word is only read and written through C11 atomic operations.
    @usableFromInline let storage: Storage

    @inlinable package init(_ value: Int) { storage = Storage.make(value) }

    /// The word; what the thread that stored it wrote before is visible after.
    @inlinable package func load() -> Int {
      storage.withUnsafeMutablePointerToElements { streams_atomic_load($0) }
    }

    /// Stores `value`; what this thread wrote before is visible to a thread that loads it.
    @inlinable package func store(_ value: Int) {
      storage.withUnsafeMutablePointerToElements { streams_atomic_store($0, value) }
    }

    /// Sets `bits`; returns the word as it was before (acquiring and releasing).
    @inlinable package func insert(_ bits: Int) -> Int {
      storage.withUnsafeMutablePointerToElements { streams_atomic_fetch_or($0, bits) }
    }

    /// Adds `delta`, wrapping on overflow; returns the word as it was before (acquiring and
    /// releasing).
    @inlinable package func add(_ delta: Int) -> Int {
      storage.withUnsafeMutablePointerToElements { streams_atomic_fetch_add($0, delta) }
    }

    /// The word's one allocation: its address never moves.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, Int> {
      @usableFromInline
      static func make(_ value: Int) -> Storage {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in () }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        return storage
      }
    }
  }
#else
  import Synchronization

  /// A word that any thread may read and write without a lock: what ``OnceFlag``,
  /// ``SynchronizedBits`` and ``SynchronizedBool`` are made of, and StreamsAuth's `RequestContext`.
  /// Stored inline (no allocation).
  ///
  /// Named for what it guarantees, not how: an `Atomic` here, a C11 atomic on Darwin (see there).
  @usableFromInline @frozen
  package struct AtomicWord: ~Copyable, @unchecked Sendable {
    // Unchecked: only an `Atomic`.
    @usableFromInline let raw: Atomic<Int>

    @inlinable package init(_ value: Int) { raw = Atomic(value) }

    /// The word; what the thread that stored it wrote before is visible after.
    @inlinable package func load() -> Int { raw.load(ordering: .acquiring) }

    /// Stores `value`; what this thread wrote before is visible to a thread that loads it.
    @inlinable package func store(_ value: Int) { raw.store(value, ordering: .releasing) }

    /// Sets `bits`; returns the word as it was before (acquiring and releasing).
    @inlinable package func insert(_ bits: Int) -> Int {
      raw.bitwiseOr(bits, ordering: .acquiringAndReleasing).oldValue
    }

    /// Adds `delta`, wrapping on overflow; returns the word as it was before (acquiring and
    /// releasing).
    @inlinable package func add(_ delta: Int) -> Int {
      raw.wrappingAdd(delta, ordering: .acquiringAndReleasing).oldValue
    }
  }
#endif
