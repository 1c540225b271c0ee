#if canImport(Darwin)
  /// A Boolean that any thread may read and write.
  ///
  /// On Darwin, `Atomic` needs iOS 18 / macOS 15, so the value sits under an unfair lock (a few
  /// nanoseconds uncontended).
  final class SynchronizedBool: @unchecked Sendable {
    // Unchecked: `value` is read and written only under `lock`.
    private let lock = Lock.make()
    private var value: Bool

    init(_ value: Bool) { self.value = value }

    func load() -> Bool { lock.withLock { value } }

    func store(_ newValue: Bool) { lock.withLock { value = newValue } }
  }
#else
  import Synchronization

  /// A Boolean that any thread may read and write, without a lock.
  ///
  /// Named for what it guarantees, not how: an `Atomic` here, a lock on Darwin (see there).
  final class SynchronizedBool: Sendable {
    private let raw: Atomic<Bool>

    init(_ value: Bool) { raw = Atomic(value) }

    func load() -> Bool { raw.load(ordering: .acquiring) }

    func store(_ newValue: Bool) { raw.store(newValue, ordering: .releasing) }
  }
#endif
