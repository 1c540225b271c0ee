/// One unit of work in a ``VirtualTimeScheduler``'s queue.
///
/// The item is its own disposable: disposing it before it runs cancels it (the scheduler then
/// skips it without moving the clock); disposing it after it ran disposes what the action returned.
/// All mutable state is guarded by the scheduler's lock, which is never held while calling out.
final class VirtualTimeSchedulerItem<Time>: Cancelable, @unchecked Sendable {
  private let resource = ResourceToken()
  /// The virtual time the item was scheduled for (it runs then, or at once if that is past).
  let time: Time
  /// The scheduling order, which breaks ties between equal times first-in first-out.
  let id: Int

  private let lock: Lock
  private var action: (() -> Disposable)?
  private var result: Disposable?
  private var disposed = false

  init(time: Time, id: Int, lock: Lock, action: @escaping () -> Disposable) {
    self.time = time
    self.id = id
    self.lock = lock
    self.action = action
  }

  var isDisposed: Bool { lock.withLock { disposed } }

  /// Takes the action out for running; `nil` if the item was cancelled. Call with the lock held.
  func takeActionLocked() -> (() -> Disposable)? {
    defer { action = nil }
    return disposed ? nil : action
  }

  /// Keeps what the action returned, or disposes it at once if the item was disposed meanwhile.
  func setResult(_ disposable: Disposable) {
    let keep = lock.withLock { () -> Bool in
      if disposed { return false }
      result = disposable
      return true
    }
    if !keep { disposable.dispose() }
  }

  func dispose() {
    let previous: Disposable? = lock.withLock {
      if disposed { return nil }
      disposed = true
      action = nil
      defer { result = nil }
      return result
    }
    previous?.dispose()
  }
}

/// A binary min-heap of scheduled items ordered by time, then by scheduling order.
///
/// Not thread-safe; the scheduler uses it under its lock.
struct VirtualTimeSchedulerQueue<Time> {
  typealias Item = VirtualTimeSchedulerItem<Time>

  private var heap: [Item] = []
  private let compare: (Time, Time) -> VirtualTimeComparison

  /// Creates an empty queue that compares times with `compare`.
  init(compare: @escaping (Time, Time) -> VirtualTimeComparison) {
    self.compare = compare
  }

  /// The item that runs next, if any.
  var first: Item? { heap.first }

  mutating func insert(_ item: Item) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard runsBefore(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() {
    guard !heap.isEmpty else { return }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var earliest = parent
      if left < heap.count, runsBefore(heap[left], heap[earliest]) { earliest = left }
      if right < heap.count, runsBefore(heap[right], heap[earliest]) { earliest = right }
      if earliest == parent { break }
      heap.swapAt(parent, earliest)
      parent = earliest
    }
  }

  /// Whether `lhs` runs before `rhs`: an earlier time, or the same time and scheduled earlier.
  private func runsBefore(_ lhs: Item, _ rhs: Item) -> Bool {
    switch compare(lhs.time, rhs.time) {
    case .lessThan: return true
    case .equal: return lhs.id < rhs.id
    case .greaterThan: return false
    }
  }
}
