/// A first-in first-out queue with amortized O(1) dequeue.
struct Queue<Element> {
  private var storage: ContiguousArray<Element> = []
  private var head = 0

  var isEmpty: Bool { head == storage.count }

  var count: Int { storage.count - head }

  /// The oldest element. Only read when the queue is known to be non-empty.
  var oldest: Element { storage[head] }

  mutating func enqueue(_ element: Element) {
    storage.append(element)
  }

  /// Removes the oldest element. Only called when the queue is known to be non-empty.
  mutating func dequeue() -> Element {
    let element = storage[head]
    head += 1
    if head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return element
  }
}
