import Foundation

/// Counts signals; ``wait(for:)`` suspends until at least that many arrived.
public final class Signals: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// A count at zero.
  public init() {}

  /// Counts one signal and wakes the waits it completes.
  public func signal() {
    lock.lock()
    count += 1
    let ready = waiters.filter { $0.target <= count }
    waiters.removeAll { $0.target <= count }
    lock.unlock()
    for waiter in ready { waiter.continuation.resume() }
  }

  /// The signals counted so far.
  public var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  /// Suspends until at least `target` signals arrived (at once if they already did).
  public func wait(for target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.lock()
      if count >= target {
        lock.unlock()
        continuation.resume()
      } else {
        waiters.append((target, continuation))
        lock.unlock()
      }
    }
  }
}
