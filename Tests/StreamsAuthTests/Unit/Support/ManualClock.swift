import Foundation
import Streams
@testable import StreamsAuth

/// A clock the test moves by hand; timers fire when `advance(by:)` passes them.
final class ManualClock: AuthClock, @unchecked Sendable {
  private let lock = NSLock()
  private var offset: TimeInterval = 0
  private let start: Date
  private var timers: [(id: UInt64, due: TimeInterval, action: @Sendable () -> Void)] = []
  private var lastID: UInt64 = 0

  init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
    self.start = start
  }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return start.addingTimeInterval(offset)
  }

  var uptime: TimeInterval {
    lock.lock()
    defer { lock.unlock() }
    return 1_000 + offset
  }

  func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Cancelable {
    lock.lock()
    lastID += 1
    let id = lastID
    timers.append((id, offset + max(0, delay), action))
    lock.unlock()
    return Disposables.create { [weak self] in
      guard let self else { return }
      self.lock.lock()
      self.timers.removeAll { $0.id == id }
      self.lock.unlock()
    }
  }

  /// Moves time forward and fires the timers that came due, in order, outside the lock.
  func advance(by seconds: TimeInterval) {
    lock.lock()
    offset += seconds
    let due = timers.filter { $0.due <= offset }.sorted { $0.due < $1.due }
    timers.removeAll { $0.due <= offset }
    lock.unlock()
    due.forEach { $0.action() }
  }
}
