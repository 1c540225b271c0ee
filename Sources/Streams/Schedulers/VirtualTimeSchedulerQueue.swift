/// One unit of work in a ``VirtualTimeScheduler``'s queue.
///
/// The item is its own disposable: disposing it before it runs cancels it (the scheduler then
/// skips it without moving the clock); disposing it after it ran disposes what the action returned.
/// All mutable state is guarded by the scheduler's lock, which is never held while calling out.
final class VirtualTimeSchedulerItem<Time>: Cancelable, @unchecked Sendable {
  // Unchecked: `action`, `result` and `disposed` are read and written only under the scheduler's `lock`.
  private let resource = ResourceToken()
  /// The virtual time the item was scheduled for (it runs then, or at once if that is past).
  let time: Time

  private let lock: Lock
  private var action: (() -> Disposable)?
  private var result: Disposable?
  private var disposed = false

  init(time: Time, lock: Lock, action: @escaping () -> Disposable) {
    self.time = time
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

/// The scheduled items of a virtual-time scheduler, by time, then in the order they were
/// scheduled (a ``StableHeap``).
///
/// Not thread-safe; the scheduler uses it under its lock.
struct VirtualTimeSchedulerQueue<Time> {
  typealias Item = VirtualTimeSchedulerItem<Time>

  private var heap = StableHeap<Item>()
  private let compare: (Time, Time) -> VirtualTimeComparison

  /// Creates an empty queue that compares times with `compare`.
  init(compare: @escaping (Time, Time) -> VirtualTimeComparison) {
    self.compare = compare
  }

  /// The item that runs next, if any.
  var first: Item? { heap.first }

  mutating func insert(_ item: Item) {
    let compare = self.compare
    heap.insert(item) { compare($0.time, $1.time) == .lessThan }
  }

  mutating func removeFirst() {
    let compare = self.compare
    _ = heap.popFirst { compare($0.time, $1.time) == .lessThan }
  }
}
