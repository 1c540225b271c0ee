/// A first-in, first-out queue with amortized O(1) enqueue and dequeue.
///
/// The one FIFO of the package: operators' buffers, the drains' outboxes (``Outbox``) and the
/// adapters' buffered events all use it. Not thread-safe; keep it under a lock.
package struct Queue<Element> {
  @usableFromInline var storage: ContiguousArray<Element> = []
  @usableFromInline var head = 0

  /// An empty queue.
  @inlinable package init() {}

  /// Whether nothing is queued.
  @inlinable package var isEmpty: Bool { head == storage.count }

  /// How many elements are queued.
  @inlinable package var count: Int { storage.count - head }

  /// The oldest element. Only read when the queue is known to be non-empty.
  @inlinable package var oldest: Element { storage[head] }

  /// Adds `element` after every queued one.
  @inlinable package mutating func enqueue(_ element: Element) {
    storage.append(element)
  }

  /// Removes the oldest element. Only called when the queue is known to be non-empty.
  @inlinable package mutating func dequeue() -> Element {
    let element = storage[head]
    head += 1
    if head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Removes and returns the oldest element, or `nil` when the queue is empty.
  @inlinable package mutating func popFirst() -> Element? {
    isEmpty ? nil : dequeue()
  }

  /// Removes every element.
  @inlinable package mutating func removeAll() {
    storage = []
    head = 0
  }
}

extension Queue: Sendable where Element: Sendable {}
