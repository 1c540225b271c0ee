/// A value that one thread sets once and any thread may read, without a lock: the first
/// ``set(_:)`` wins, and a reader sees either nothing or that value, whole.
///
/// For a result decided once and asked for again later (StreamsAuth's retry decision per
/// attempt). The word's bit 0 elects the one writer; bit 1 publishes what it stored (releasing
/// it), and a reader that sees bit 1 sees the value (acquiring it).
// Unchecked: `stored` is written only by the thread that set bit 0 first, before it sets bit 1,
// and read only after bit 1 was seen set; the word's operations order the two.
package final class OnceValue<Value: Sendable>: @unchecked Sendable {
  private let word = AtomicWord(0)
  private var stored: Value?

  /// Empty.
  package init() {}

  /// The value, once it was set and published; `nil` before.
  package var value: Value? { word.load() & 2 != 0 ? stored : nil }

  /// Sets the value if no one did; returns whether this call set it.
  @discardableResult
  package func set(_ value: Value) -> Bool {
    guard word.insert(1) & 1 == 0 else { return false }
    stored = value
    _ = word.insert(2)
    return true
  }
}
