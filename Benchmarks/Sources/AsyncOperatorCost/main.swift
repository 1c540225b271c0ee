// What one element costs through an async operator: a `PublishSubject` → `asyncFlatMap { $0 }`
// (a plain closure: one detached task per element) → one subscriber summing. Counts every
// `pthread_mutex_lock` call in the process (Streams' locks, the Swift runtime's, Foundation's) from
// the first send to the completion, and the time, per element: the median of 5 runs of 20,000
// elements after one of warm-up.
// Run: swift run -c release --package-path Benchmarks AsyncOperatorCost
import Dispatch
import Foundation
import LockCounter
import Streams

/// The sum the subscriber saw; written only by the subscriber, whose events Rx serializes.
final class Total: @unchecked Sendable {
  var value = 0
}

/// Sends `count` elements through the operator; returns the locks and nanoseconds per element.
func measure(count: Int) -> (locks: Double, nanoseconds: Double) {
  let subject = PublishSubject<Int>()
  let total = Total()
  let done = DispatchSemaphore(value: 0)
  let subscription = subject.asyncFlatMap { $0 }
    .subscribe(onNext: { total.value &+= $0 }, onCompleted: { @Sendable in done.signal() })
  lock_counter_start()
  let start = DispatchTime.now().uptimeNanoseconds
  for value in 0..<count { subject.onNext(value) }
  subject.onCompleted()
  done.wait()
  let elapsed = DispatchTime.now().uptimeNanoseconds - start
  let locks = lock_counter_stop()
  subscription.dispose()
  precondition(total.value == count * (count - 1) / 2, "wrong sum: \(total.value)")
  return (Double(locks) / Double(count), Double(elapsed) / Double(count))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let count = 20_000
_ = measure(count: count)
let runs = (0..<5).map { _ in measure(count: count) }
let locks = lock_counter_is_available() != 0 ? String(format: "%.2f", median(runs.map(\.locks))) : "not counted"
print("PublishSubject → asyncFlatMap { $0 } → 1 subscriber, \(count) elements, median of \(runs.count) runs")
print("pthread_mutex_lock calls per element: \(locks)")
print(
  String(
    format: "ns per element: %.0f (runs: %@)", median(runs.map(\.nanoseconds)),
    runs.map { String(format: "%.0f", $0.nanoseconds) }.joined(separator: ", ")))
