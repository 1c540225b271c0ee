import Streams

/// Runs jobs one at a time, in the order they were added, on the thread of whoever finds the queue
/// idle; no thread of its own and no lock held while a job runs (an ``Outbox`` of jobs).
///
/// ``SessionStorage`` appends jobs (storage writes, signal publication, events) while holding
/// its state lock, so that jobs run in the order of the state transitions that caused them, then
/// calls ``drain()`` after unlocking. A job may append more jobs; they run after the ones already
/// queued, on the same drain.
// Jobs capture the storage's state; they are only run by the one thread that claimed the drain.
final class SerialJobQueue: @unchecked Sendable {
  private let outbox = LockedState(Outbox<() -> Void>())

  /// Appends `job`; it runs on the next ``drain()`` (possibly one that is already running).
  func append(_ job: @escaping () -> Void) {
    outbox.withLock { $0.post(job) }
  }

  /// Runs queued jobs until the queue is empty, unless another thread is already doing so, in
  /// which case that thread runs them and this call returns at once.
  func drain() {
    guard outbox.withLock({ $0.claimDelivery() }) else { return }
    while let job = outbox.withLock({ $0.next() }) { job() }
  }
}
