import Testing

@testable import StreamsLaunch

@Suite("Fair heap")
struct FairHeapTests {
  @Test("Pops by priority, first-in first-out among equal priorities")
  func popsInStableOrder() {
    var generator = SeededGenerator(seed: 7)
    var heap = FairHeap<Int, Int>()
    var inserted: [(priority: Int, value: Int)] = []
    for value in 0..<1_000 {
      let priority = Int.random(in: 0..<10, using: &generator)
      heap.insert(value, priority: priority)
      inserted.append((priority, value))
    }
    // A stable sort by priority is exactly the fair order.
    let expected = inserted.enumerated()
      .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element.value)
    var popped: [Int] = []
    while let value = heap.popMin() { popped.append(value) }
    #expect(popped == expected)
    #expect(heap.isEmpty)
  }

  @Test("Interleaved inserts and pops stay fair")
  func interleaved() {
    var heap = FairHeap<Int, String>()
    heap.insert("b1", priority: 2)
    heap.insert("a1", priority: 1)
    #expect(heap.popMin() == "a1")
    heap.insert("b2", priority: 2)
    heap.insert("a2", priority: 1)
    heap.insert("b3", priority: 2)
    #expect(heap.removeAllOrdered() == ["a2", "b1", "b2", "b3"])
  }

  @Test("Removing arbitrary elements keeps the order of the rest")
  func removeWhere() {
    var generator = SeededGenerator(seed: 11)
    var heap = FairHeap<Int, Int>()
    var inserted: [(priority: Int, value: Int)] = []
    for value in 0..<500 {
      let priority = Int.random(in: 0..<5, using: &generator)
      heap.insert(value, priority: priority)
      inserted.append((priority, value))
    }
    var removed = Set<Int>()
    for _ in 0..<200 {
      let value = Int.random(in: 0..<500, using: &generator)
      let result = heap.removeFirst { $0 == value }
      #expect((result != nil) == !removed.contains(value))
      removed.insert(value)
    }
    let expected = inserted.enumerated()
      .filter { !removed.contains($0.element.value) }
      .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
      .map(\.element.value)
    #expect(heap.count == expected.count)
    #expect(heap.removeAllOrdered() == expected)
  }
}
