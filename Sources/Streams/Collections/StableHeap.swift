/// A binary min-heap that is stable: among elements that are equal in its order, the one inserted
/// first comes out first.
///
/// The package's one priority queue: virtual-time schedulers order their work by due time with it,
/// and StreamsLaunch its ready tasks by rank. Each element is stamped with an increasing sequence
/// number when inserted, and the heap orders by the given order, then by that number, so the order
/// is total and what comes out is deterministic whatever the pattern of inserts and removals.
///
/// The order is passed to each operation rather than stored, so that the heap is `Sendable`
/// whenever its elements are; pass the same order every time (the conveniences for `Comparable`
/// elements do). Not thread-safe; keep it under a lock.
package struct StableHeap<Element> {
  @usableFromInline struct Entry {
    @usableFromInline let element: Element
    @usableFromInline let sequence: UInt64

    @inlinable init(element: Element, sequence: UInt64) {
      self.element = element
      self.sequence = sequence
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var nextSequence: UInt64 = 0

  /// An empty heap.
  @inlinable package init() {}

  /// How many elements the heap holds.
  @inlinable package var count: Int { entries.count }

  /// Whether the heap is empty.
  @inlinable package var isEmpty: Bool { entries.isEmpty }

  /// The element that comes out next, if any.
  @inlinable package var first: Element? { entries.first?.element }

  /// Inserts `element`; it comes out after every element already in the heap that `precedes` does
  /// not order after it.
  @inlinable package mutating func insert(_ element: Element, by precedes: (Element, Element) -> Bool) {
    entries.append(Entry(element: element, sequence: nextSequence))
    nextSequence += 1
    siftUp(from: entries.count - 1, by: precedes)
  }

  /// Removes and returns the first element, or `nil` when the heap is empty.
  @inlinable package mutating func popFirst(by precedes: (Element, Element) -> Bool) -> Element? {
    entries.isEmpty ? nil : remove(at: 0, by: precedes)
  }

  /// Removes the first element, in storage order, that satisfies `predicate`; O(n).
  @discardableResult
  @inlinable package mutating func removeFirst(
    where predicate: (Element) -> Bool, by precedes: (Element, Element) -> Bool
  ) -> Element? {
    guard let index = entries.firstIndex(where: { predicate($0.element) }) else { return nil }
    return remove(at: index, by: precedes)
  }

  /// Removes every element and returns them in the order they would come out.
  @inlinable package mutating func removeAllOrdered(by precedes: (Element, Element) -> Bool) -> [Element] {
    var elements: [Element] = []
    elements.reserveCapacity(entries.count)
    while let element = popFirst(by: precedes) { elements.append(element) }
    return elements
  }

  @inlinable mutating func remove(at index: Int, by precedes: (Element, Element) -> Bool) -> Element {
    let last = entries.count - 1
    if index != last { entries.swapAt(index, last) }
    let removed = entries.removeLast()
    if index < entries.count {
      // The moved element may belong above or below its new place.
      if index > 0 && ordered(entries[index], before: entries[(index - 1) / 2], by: precedes) {
        siftUp(from: index, by: precedes)
      } else {
        siftDown(from: index, by: precedes)
      }
    }
    return removed.element
  }

  @inlinable func ordered(_ lhs: Entry, before rhs: Entry, by precedes: (Element, Element) -> Bool) -> Bool {
    if precedes(lhs.element, rhs.element) { return true }
    if precedes(rhs.element, lhs.element) { return false }
    return lhs.sequence < rhs.sequence
  }

  @inlinable mutating func siftUp(from start: Int, by precedes: (Element, Element) -> Bool) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard ordered(entries[child], before: entries[parent], by: precedes) else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  @inlinable mutating func siftDown(from start: Int, by precedes: (Element, Element) -> Bool) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { return }
      let right = left + 1
      var first = left
      if right < entries.count && ordered(entries[right], before: entries[left], by: precedes) { first = right }
      guard ordered(entries[first], before: entries[parent], by: precedes) else { return }
      entries.swapAt(first, parent)
      parent = first
    }
  }
}

extension StableHeap: Sendable where Element: Sendable {}
extension StableHeap.Entry: Sendable where Element: Sendable {}

extension StableHeap where Element: Comparable {
  /// Inserts `element`; it comes out after every smaller or equal element already in the heap.
  @inlinable package mutating func insert(_ element: Element) { insert(element, by: <) }

  /// Removes and returns the smallest element (the oldest among equals), or `nil` when empty.
  @inlinable package mutating func popFirst() -> Element? { popFirst(by: <) }

  /// Removes the first element, in storage order, that satisfies `predicate`; O(n).
  @discardableResult
  @inlinable package mutating func removeFirst(where predicate: (Element) -> Bool) -> Element? {
    removeFirst(where: predicate, by: <)
  }

  /// Removes every element and returns them in the order they would come out.
  @inlinable package mutating func removeAllOrdered() -> [Element] { removeAllOrdered(by: <) }
}
