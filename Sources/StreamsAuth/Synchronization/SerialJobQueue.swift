import Streams

/// Runs jobs one at a time, in the order they were added, on the thread of whoever finds the queue
/// idle; no thread of its own and no lock held while a job runs.
///
/// ``SessionStorage`` appends jobs (storage writes, signal publication, events) while holding
/// its state lock, so that jobs run in the order of the state transitions that caused them, then
/// calls ``drain()`` after unlocking. A job may append more jobs; they run after the ones already
/// queued, on the same drain.
final class SerialJobQueue: @unchecked Sendable {
  private let lock = Lock.make()
  private var jobs: [() -> Void] = []
  private var head = 0
  private var isDraining = false

  /// Appends `job`; it runs on the next ``drain()`` (possibly one that is already running).
  func append(_ job: @escaping () -> Void) {
    lock.withLock { jobs.append(job) }
  }

  /// Runs queued jobs until the queue is empty, unless another thread is already doing so, in
  /// which case that thread runs them and this call returns at once.
  func drain() {
    lock.lock()
    if isDraining {
      lock.unlock()
      return
    }
    isDraining = true
    while head < jobs.count {
      let job = jobs[head]
      head += 1
      lock.unlock()
      job()
      lock.lock()
    }
    jobs.removeAll(keepingCapacity: true)
    head = 0
    isDraining = false
    lock.unlock()
  }
}
