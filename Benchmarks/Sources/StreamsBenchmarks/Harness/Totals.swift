import Synchronization

/// What a single-threaded subscriber sums into; the same in every column.
///
/// `@exclusivity(unchecked)`: the accumulation itself should cost as little as possible, so the
/// numbers show the subjects, not dynamic exclusivity checks on the benchmark's own counter.
final class Total {
  @exclusivity(unchecked) var value = 0
}

/// What a subscriber called from several threads sums into; the same in every column.
final class AtomicTotal: Sendable {
  private let storage = Atomic<Int>(0)

  var value: Int { storage.load(ordering: .acquiring) }

  @inline(__always)
  func add(_ amount: Int) {
    storage.wrappingAdd(amount, ordering: .relaxed)
  }
}

/// Lets a value that is not `Sendable` (OpenCombine's subjects, the unlocked floor) cross into the
/// benchmark's threads; the type in question must be thread-safe itself.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
}
