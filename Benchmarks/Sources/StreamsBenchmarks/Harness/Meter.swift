import AllocationCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times (and, in the counting pass, counts the allocations of) the measured phase of a workload.
///
/// A workload sets up untimed, brackets only the work it measures with `start()` / `stop()`, then
/// tears down untimed. A workload may bracket several phases; they add up.
struct Meter {
  /// Whether this pass counts allocations (the timed passes don't, so counting costs them nothing).
  let countsAllocations: Bool
  private(set) var nanoseconds: UInt64 = 0
  private(set) var allocations: UInt64 = 0
  private var startedAt: UInt64 = 0
  private var allocationsAtStart: UInt64 = 0

  init(countsAllocations: Bool) {
    self.countsAllocations = countsAllocations
  }

  @inline(__always)
  mutating func start() {
    if countsAllocations {
      allocationsAtStart = allocation_counter_total()
      allocation_counter_start()
    }
    startedAt = monotonicNanoseconds()
  }

  @inline(__always)
  mutating func stop() {
    let now = monotonicNanoseconds()
    nanoseconds += now - startedAt
    if countsAllocations {
      allocation_counter_stop()
      allocations += allocation_counter_total() - allocationsAtStart
    }
  }
}

@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// The least of `repetitions` measurements: the one the machine disturbed least, for the second
/// report's figures.
func fastestOf(_ repetitions: Int, _ measure: () -> Double) -> Double {
  (0..<repetitions).map { _ in measure() }.min() ?? .infinity
}

/// Whether allocations can be counted here: the interposer is built in and sees an allocation made
/// by the Swift runtime (a library, so this checks the interposition, not just the counter).
func allocationCountingWorks() -> Bool {
  guard allocation_counter_is_available() != 0 else { return false }
  let before = allocation_counter_total()
  allocation_counter_start()
  let array = makeArray(count: 64)
  allocation_counter_stop()
  return array.count == 64 && allocation_counter_total() > before
}

@inline(never)
private func makeArray(count: Int) -> ContiguousArray<Int> {
  ContiguousArray(repeating: 1, count: count)
}
