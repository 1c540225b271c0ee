import Testing

@testable import Streams

/// `StableHeap`, the package's one priority queue (virtual-time schedulers, StreamsLaunch's lanes).
@Suite("Stable heap")
struct StableHeapTests {
  /// An element ordered by its priority only, so that equal priorities tell insertion order apart.
  private struct Item: Equatable {
    let priority: Int
    let value: Int
  }

  private static func byPriority(_ lhs: Item, _ rhs: Item) -> Bool { lhs.priority < rhs.priority }

  @Test("Pops by order, first in first out among equals")
  func popsInStableOrder() {
    var generator = SeededGenerator(seed: 7)
    var heap = StableHeap<Item>()
    var inserted: [Item] = []
    for value in 0..<1_000 {
      let item = Item(priority: Int.random(in: 0..<10, using: &generator), value: value)
      heap.insert(item, by: Self.byPriority)
      inserted.append(item)
    }
    // A stable sort by priority is exactly the heap's order.
    let expected = inserted.enumerated()
      .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element)
    var popped: [Item] = []
    while let item = heap.popFirst(by: Self.byPriority) { popped.append(item) }
    #expect(popped == expected)
    #expect(heap.isEmpty)
  }

  @Test("Interleaved inserts and pops stay stable")
  func interleaved() {
    var heap = StableHeap<Item>()
    heap.insert(Item(priority: 2, value: 1), by: Self.byPriority)
    heap.insert(Item(priority: 1, value: 1), by: Self.byPriority)
    #expect(heap.first == Item(priority: 1, value: 1))
    #expect(heap.popFirst(by: Self.byPriority) == Item(priority: 1, value: 1))
    heap.insert(Item(priority: 2, value: 2), by: Self.byPriority)
    heap.insert(Item(priority: 1, value: 2), by: Self.byPriority)
    heap.insert(Item(priority: 2, value: 3), by: Self.byPriority)
    #expect(
      heap.removeAllOrdered(by: Self.byPriority).map { [$0.priority, $0.value] } == [
        [1, 2], [2, 1], [2, 2], [2, 3],
      ])
  }

  @Test("Removing arbitrary elements keeps the order of the rest")
  func removeWhere() {
    var generator = SeededGenerator(seed: 11)
    var heap = StableHeap<Item>()
    var inserted: [Item] = []
    for value in 0..<500 {
      let item = Item(priority: Int.random(in: 0..<5, using: &generator), value: value)
      heap.insert(item, by: Self.byPriority)
      inserted.append(item)
    }
    var removed = Set<Int>()
    for _ in 0..<200 {
      let value = Int.random(in: 0..<500, using: &generator)
      let result = heap.removeFirst(where: { $0.value == value }, by: Self.byPriority)
      #expect((result != nil) == !removed.contains(value))
      removed.insert(value)
    }
    let expected = inserted.enumerated()
      .filter { !removed.contains($0.element.value) }
      .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element)
    #expect(heap.count == expected.count)
    #expect(heap.removeAllOrdered(by: Self.byPriority) == expected)
  }

  @Test("Comparable elements come out smallest first")
  func comparableConveniences() {
    var heap = StableHeap<Int>()
    for value in [5, 3, 9, 1, 3] { heap.insert(value) }
    #expect(heap.removeFirst { $0 == 9 } == 9)
    #expect(heap.popFirst() == 1)
    #expect(heap.removeAllOrdered() == [3, 3, 5])
    #expect(heap.popFirst() == nil)
  }
}
