import AllocationCounter
import Streams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The second report: costs a user feels other than time per event. Memory per live subscription is
/// measured here; release code size and type-check time by the scripts in `Benchmarks/Costs` and
/// `Benchmarks/TypeCheck`, which `--costs` runs (they build and compile, so they take minutes).
enum Costs {
  /// What one live subscription holds: allocations and net bytes made by one `subscribe(onNext:)`
  /// (the operators of a chain are built before, untimed: they are shared by every subscription).
  struct Memory {
    let name: String
    let allocations: Double
    let bytes: Double
    /// Targets (issue 27): no more than main at c7af87f (2026-11-27), which measured these figures.
    let allocationTarget: Double
    let byteTarget: Double
  }

  static let subscriptions = 1_000

  /// Subscribes `subscriptions` times, each time to a fresh source made by `make` (untimed), and
  /// counts what the subscribes allocate, net of what they free, while every subscription is kept.
  static func measure(
    _ name: String, allocationTarget: Double, byteTarget: Double, _ make: () -> (PublishSubject<Int>, Observable<Int>)
  ) -> Memory {
    let total = Total()
    var sources: [(PublishSubject<Int>, Observable<Int>)] = (0..<subscriptions).map { _ in make() }
    var kept: [Disposable] = []
    kept.reserveCapacity(subscriptions)
    let allocationsBefore = allocation_counter_total()
    let bytesBefore = allocation_counter_net_bytes()
    allocation_counter_start()
    for (_, observable) in sources { kept.append(observable.subscribe(onNext: { _ in total.value &+= 1 })) }
    allocation_counter_stop()
    let allocations = allocation_counter_total() - allocationsBefore
    let bytes = allocation_counter_net_bytes() - bytesBefore
    for (subject, _) in sources { subject.onNext(1) }
    precondition(total.value == subscriptions, "every subscription receives the value")
    for subscription in kept { subscription.dispose() }
    sources.removeAll()
    return Memory(
      name: name, allocations: Double(allocations) / Double(subscriptions),
      bytes: Double(bytes) / Double(subscriptions), allocationTarget: allocationTarget, byteTarget: byteTarget)
  }

  static func memory() -> [Memory] {
    [
      measure("`subscribe(onNext:)` on a `PublishSubject`", allocationTarget: 3.01, byteTarget: 176) {
        let subject = PublishSubject<Int>()
        return (subject, subject.asObservable())
      },
      measure(
        "3-stage chain (row C: map → filter → map), then `subscribe(onNext:)`", allocationTarget: 10.05, byteTarget: 873
      ) {
        let subject = PublishSubject<Int>()
        return (subject, subject.map { $0 &* 3 }.filter { _ in true }.map { $0 &+ 1 })
      },
      measure(
        "10-stage chain (row J's operators), then `subscribe(onNext:)`", allocationTarget: 23.09, byteTarget: 2_289
      ) {
        let subject = PublishSubject<Int>()
        return (
          subject,
          subject.map { $0 &* 3 }.filter { _ in true }.map { $0 }.compactMap { $0 }.map { $0 / 3 }
            .distinctUntilChanged().scan(0) { _, value in value }.map { $0 }.skip(0).map { $0 }
        )
      },
    ]
  }

  static func report(_ memory: [Memory], countsAllocations: Bool) -> String {
    var lines = ["", "### Costs users feel", ""]
    guard countsAllocations else {
      lines.append(
        "Memory per live subscription: not counted on this platform (the allocator could not be interposed).")
      return lines.joined(separator: "\n")
    }
    lines.append(
      "Memory per live subscription: allocations made by one `subscribe(onNext:)`, and the bytes they hold "
        + "(glibc's `malloc_usable_size` of each block, net of what the call freed), averaged over "
        + "\(grouped(subscriptions)) subscriptions kept alive, each to a fresh subject (the chain's operators are "
        + "built before, untimed). Targets: no more than main at c7af87f (2026-11-27).")
    lines.append("")
    lines.append("| Subscription | allocs | bytes | target |")
    lines.append("|---|--:|--:|---|")
    for item in memory {
      // As shown: allocations to 2 decimals, bytes whole.
      let met =
        (item.allocations * 100).rounded() <= (item.allocationTarget * 100).rounded()
        && item.bytes.rounded() <= item.byteTarget
      lines.append(
        "| \(item.name) | \(format(item.allocations, decimals: 2)) | \(format(item.bytes, decimals: 0)) "
          + "| ≤\(format(item.allocationTarget, decimals: 2)) allocs, ≤\(grouped(Int(item.byteTarget))) bytes "
          + "\(met ? "✓" : "✗") |")
    }
    return lines.joined(separator: "\n")
  }
}
