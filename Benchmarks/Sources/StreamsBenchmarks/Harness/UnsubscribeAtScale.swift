import OpenCombine
import Streams

/// The second report's scaling figure: what disposing one subscriber of a subject costs when the
/// subject has many, disposed in subscription order (as a `DisposeBag` disposes them). Measured at
/// 1,000 and at 100,000 subscribers of one subject; the ratio of the two per-dispose times says
/// whether the cost grows with the number of subscribers. OpenCombine's `PassthroughSubject`
/// (`sink`, then `cancel()` in the same order) runs beside it.
enum UnsubscribeAtScale {
  struct Figure {
    /// ns per dispose with `small` and with `large` subscribers.
    let streams: (small: Double, large: Double)
    let openCombine: (small: Double, large: Double)
    /// Target: at most this many times the per-dispose time of `small`, set on 2026-11-27 when
    /// removal stopped shifting the subject's array (at 100,000: 18,365–19,811 → 338–410 ns a
    /// dispose, 41–46× → 1.2–1.7× the time at 1,000; two interleaved full runs each).
    static let targetRatio = 2.0
  }

  static let small = 1_000
  static let large = 100_000

  static func measure() -> Figure {
    Figure(
      streams: (fastest(small, streamsRound), fastest(large, streamsRound)),
      openCombine: (fastest(small, openCombineRound), fastest(large, openCombineRound)))
  }

  /// The fastest of 3 repetitions, in ns per dispose; each repetition disposes `count` subscribers
  /// of one subject (only the disposes are timed).
  private static func fastest(_ count: Int, _ round: (Int) -> UInt64) -> Double {
    fastestOf(3) { Double(round(count)) / Double(count) }
  }

  private static func streamsRound(_ count: Int) -> UInt64 {
    let total = Total()
    let subject = PublishSubject<Int>()
    let subscriptions = (0..<count).map { _ in subject.subscribe(onNext: { total.value &+= $0 }) }
    subject.onNext(1)
    precondition(total.value == count, "every subscriber received the element")
    let start = monotonicNanoseconds()
    for subscription in subscriptions { subscription.dispose() }
    let elapsed = monotonicNanoseconds() - start
    precondition(!subject.hasObservers, "every subscriber was removed")
    return elapsed
  }

  private static func openCombineRound(_ count: Int) -> UInt64 {
    let total = Total()
    let subject = PassthroughSubject<Int, Never>()
    let cancellables = (0..<count).map { _ in subject.sink { total.value &+= $0 } }
    subject.send(1)
    precondition(total.value == count, "every subscriber received the element")
    let start = monotonicNanoseconds()
    for cancellable in cancellables { cancellable.cancel() }
    return monotonicNanoseconds() - start
  }

  static func report(_ figure: Figure) -> String {
    let ratio = figure.streams.large / figure.streams.small
    let peerRatio = figure.openCombine.large / figure.openCombine.small
    return [
      "",
      "Dispose one of many subscribers of a subject, in subscription order (as a dispose bag does): "
        + "\(format(figure.streams.small, decimals: 0)) ns per dispose with \(grouped(small)) subscribers, "
        + "\(format(figure.streams.large, decimals: 0)) ns with \(grouped(large)) "
        + "(\(format(ratio, decimals: 1))×; target ≤\(format(Figure.targetRatio, decimals: 0))× "
        + "\(ratio <= Figure.targetRatio ? "✓" : "✗")); OpenCombine's `PassthroughSubject`: "
        + "\(format(figure.openCombine.small, decimals: 0)) and \(format(figure.openCombine.large, decimals: 0)) ns "
        + "(\(format(peerRatio, decimals: 1))×). Fastest of 3 repetitions.",
    ].joined(separator: "\n")
  }
}
