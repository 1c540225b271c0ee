/// A word of flags that any thread may set and read, without a lock; a flag, once set, stays set.
struct SynchronizedBits: ~Copyable, Sendable {
  private let word = AtomicWord(0)

  init() {}

  /// The flags set so far.
  var value: Int { word.load() }

  /// Sets `bits`; returns the flags as they were before. What this thread wrote before is
  /// visible to a thread whose `insert` or `value` then sees these bits.
  func insert(_ bits: Int) -> Int { word.insert(bits) }
}
