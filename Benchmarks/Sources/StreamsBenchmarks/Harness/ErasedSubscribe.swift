import Streams

/// The second report's time figure: what a late subscriber costs when the subject is held as an
/// `Observable<Int>`, as a view model usually exposes it (`subject.asObservable()`). The subject's
/// `subscribe` is then reached through the class's vtable and runs as unspecialized generic code,
/// where row G2 calls it on the concrete type, specialized in the caller. Same workload as G2: a
/// `ReplaySubject.create(bufferSize: 16)` that has had 1,000 sends, 1,000 late subscribers.
enum ErasedSubscribe {
  struct Figure {
    /// ns per late subscriber through `Observable<Int>`, and on the concrete type.
    let erased: Double
    let concrete: Double
    /// Target (issue 27): erased at most this many times concrete; set from the figures of
    /// 2026-11-27 (3.9–5.1×, after replays stopped building an `Event` per element; 11–13× before).
    static let targetRatio = 6.0
  }

  static let rounds = 10
  static let subscribers = 1_000

  static func measure() -> Figure {
    let total = Total()
    let erased = fastest { subject in opaque(subject).subscribe(onNext: { total.value &+= $0 }) }
    let concrete = fastest { subject in subject.subscribe(onNext: { total.value &+= $0 }) }
    precondition(total.value > 0, "the subscribers received the replay")
    return Figure(erased: erased, concrete: concrete)
  }

  /// The fastest of 5 repetitions, in ns per late subscriber (only the subscribes are timed).
  private static func fastest(_ subscribe: (ReplaySubject<Int>) -> Disposable) -> Double {
    fastestOf(5) {
      var elapsed: UInt64 = 0
      for _ in 0..<rounds {
        let subject = ReplaySubject<Int>.create(bufferSize: 16)
        for value in 0..<1_000 { subject.onNext(value) }
        var kept: [Disposable] = []
        kept.reserveCapacity(subscribers)
        let start = monotonicNanoseconds()
        for _ in 0..<subscribers { kept.append(subscribe(subject)) }
        elapsed += monotonicNanoseconds() - start
        for subscription in kept { subscription.dispose() }
      }
      return Double(elapsed) / Double(rounds * subscribers)
    }
  }

  /// `subject` as an `Observable<Int>` the optimizer cannot see through (as one held by another
  /// object would be), so that `subscribe` is not devirtualized back to the concrete type.
  @inline(never) @_optimize(none)
  private static func opaque(_ subject: ReplaySubject<Int>) -> Observable<Int> { subject }

  static func report(_ figure: Figure) -> String {
    let ratio = figure.erased / figure.concrete
    return [
      "",
      "Late subscribe to a subject held as `Observable<Int>` (row G2's workload, its subscribe reached through "
        + "the class and run unspecialized): \(format(figure.erased, decimals: 0)) ns per subscriber, against "
        + "\(format(figure.concrete, decimals: 0)) ns on the concrete `ReplaySubject<Int>` "
        + "(\(format(ratio, decimals: 1))×; target ≤\(format(Figure.targetRatio, decimals: 0))× "
        + "\(ratio <= Figure.targetRatio ? "✓" : "✗")). Fastest of 5 repetitions.",
    ].joined(separator: "\n")
  }
}
