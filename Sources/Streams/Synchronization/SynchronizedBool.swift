/// A Boolean that any thread may read and write, without a lock.
struct SynchronizedBool: ~Copyable, Sendable {
  private let word: AtomicWord

  init(_ value: Bool) { word = AtomicWord(value ? 1 : 0) }

  func load() -> Bool { word.load() != 0 }

  func store(_ newValue: Bool) { word.store(newValue ? 1 : 0) }
}
