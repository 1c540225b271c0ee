import Foundation
import Streams

/// One unit of work in a ``TestScheduler``'s queue.
///
/// The item is its own disposable: disposing it before it runs cancels it (the scheduler then
/// skips it without moving the clock); disposing it after it ran disposes what the action returned.
/// All mutable state is guarded by the scheduler's lock.
final class ScheduledItem: Cancelable, @unchecked Sendable {
  /// The virtual time the item was scheduled for (it runs then, or at once if that is past).
  let time: TestTime
  /// The scheduling order, which breaks ties between equal times first-in first-out.
  let sequence: UInt64

  private let lock: NSLock
  private var action: (() -> Disposable)?
  private var result: Disposable?
  private var disposed = false

  init(time: TestTime, sequence: UInt64, lock: NSLock, action: @escaping () -> Disposable) {
    self.time = time
    self.sequence = sequence
    self.lock = lock
    self.action = action
  }

  var isDisposed: Bool { lock.locked { disposed } }

  /// Whether `self` runs before `other`: earlier time, or the same time and scheduled earlier.
  func runsBefore(_ other: ScheduledItem) -> Bool {
    time != other.time ? time < other.time : sequence < other.sequence
  }

  /// Takes the action out for running; `nil` if the item was cancelled. Call with the lock held.
  func takeActionLocked() -> (() -> Disposable)? {
    defer { action = nil }
    return disposed ? nil : action
  }

  /// Keeps what the action returned, or disposes it at once if the item was disposed meanwhile.
  func setResult(_ disposable: Disposable) {
    let keep = lock.locked { () -> Bool in
      if disposed { return false }
      result = disposable
      return true
    }
    if !keep { disposable.dispose() }
  }

  func dispose() {
    let previous: Disposable? = lock.locked {
      if disposed { return nil }
      disposed = true
      action = nil
      defer { result = nil }
      return result
    }
    previous?.dispose()
  }
}

/// A binary min-heap of scheduled items ordered by (time, sequence).
///
/// Not thread-safe; the scheduler uses it under its lock.
struct ScheduleQueue {
  private var heap: [ScheduledItem] = []

  var isEmpty: Bool { heap.isEmpty }

  /// The item that runs next, if any.
  var first: ScheduledItem? { heap.first }

  mutating func insert(_ item: ScheduledItem) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].runsBefore(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() -> ScheduledItem? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].runsBefore(heap[smallest]) { smallest = left }
      if right < heap.count, heap[right].runsBefore(heap[smallest]) { smallest = right }
      if smallest == parent { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
