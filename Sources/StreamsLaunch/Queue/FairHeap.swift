/// A binary min-heap that is fair: among equal priorities, the element inserted first comes out first.
///
/// Each element is stamped with an ever-increasing sequence number when it is inserted, and the heap
/// orders by `(priority, sequence)`. The pair is unique, so the order is total and popping is
/// deterministic whatever the insertion pattern.
struct FairHeap<Priority: Comparable, Value> {
  /// One stored element and the key it is ordered by.
  struct Entry {
    let priority: Priority
    let sequence: UInt64
    let value: Value

    /// Whether `self` must come out before `other`.
    func precedes(_ other: Entry) -> Bool {
      if priority < other.priority { return true }
      if other.priority < priority { return false }
      return sequence < other.sequence
    }
  }

  private var entries: [Entry] = []
  private var nextSequence: UInt64 = 0

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }

  /// Inserts `value`; it comes out after every element already in the heap with an equal priority.
  mutating func insert(_ value: Value, priority: Priority) {
    entries.append(Entry(priority: priority, sequence: nextSequence, value: value))
    nextSequence += 1
    siftUp(from: entries.count - 1)
  }

  /// Removes and returns the element with the smallest priority, oldest first among equals.
  mutating func popMin() -> Value? {
    guard !entries.isEmpty else { return nil }
    return remove(at: 0).value
  }

  /// Removes the first element (in storage order) that satisfies `predicate`; O(n).
  @discardableResult
  mutating func removeFirst(where predicate: (Value) -> Bool) -> Value? {
    guard let index = entries.firstIndex(where: { predicate($0.value) }) else { return nil }
    return remove(at: index).value
  }

  /// Removes every element and returns them in pop order.
  mutating func removeAllOrdered() -> [Value] {
    var values: [Value] = []
    values.reserveCapacity(entries.count)
    while let value = popMin() { values.append(value) }
    return values
  }

  private mutating func remove(at index: Int) -> Entry {
    let last = entries.count - 1
    if index != last { entries.swapAt(index, last) }
    let removed = entries.removeLast()
    if index < entries.count {
      // The moved element may belong either above or below its new position.
      if index > 0 && entries[index].precedes(entries[(index - 1) / 2]) {
        siftUp(from: index)
      } else {
        siftDown(from: index)
      }
    }
    return removed
  }

  private mutating func siftUp(from start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { return }
      let right = left + 1
      var first = left
      if right < entries.count && entries[right].precedes(entries[left]) { first = right }
      guard entries[first].precedes(entries[parent]) else { return }
      entries.swapAt(first, parent)
      parent = first
    }
  }
}

extension FairHeap: Sendable where Priority: Sendable, Value: Sendable {}
extension FairHeap.Entry: Sendable where Priority: Sendable, Value: Sendable {}
