/// A once-only flag that any thread may set and read, without a lock.
@usableFromInline @frozen
struct OnceFlag: ~Copyable, Sendable {
  @usableFromInline let word = AtomicWord(0)

  @inlinable init() {}

  /// Whether the flag has been set.
  @inlinable var isSet: Bool { word.load() != 0 }

  /// Sets the flag; returns `true` only for the call that set it first.
  // Only bit 0 is ever set; testing just it lets the compiler use one bit-test-and-set instruction.
  @inlinable func set() -> Bool { word.insert(1) & 1 == 0 }
}
