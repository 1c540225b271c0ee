import StreamsTestSupport
import Testing

@testable import Streams

/// `ObserverList`, the observers of every subject and of `share()`: insertion order is delivery
/// order whatever was removed before, a key removes its own observer once, and removed places
/// do not pile up.
@Suite("Observer list")
struct ObserverListTests {
  /// An observer that records the events it receives as `(its id, element)`.
  private final class Recording: ObserverType, @unchecked Sendable {
    let id: Int
    let log: ValueLog<(id: Int, element: Int)>
    init(id: Int, log: ValueLog<(id: Int, element: Int)>) {
      self.id = id
      self.log = log
    }
    func on(_ event: Event<Int>) {
      if case .next(let element) = event { log.append((id, element)) }
    }
  }

  /// The ids `list` delivers an element to, in delivery order.
  private func deliveryOrder(_ list: ObserverList, element: Int, log: ValueLog<(id: Int, element: Int)>) -> [Int] {
    let earlier = log.entries.count
    list.snapshot.dispatch(Event<Int>.next(element))
    list.snapshot.dispatchNext(element + 1)
    let delivered = log.entries.dropFirst(earlier)
    let byEvent = delivered.filter { $0.element == element }.map(\.id)
    let byElement = delivered.filter { $0.element == element + 1 }.map(\.id)
    #expect(byEvent == byElement, "dispatch(_:) and dispatchNext(_:) deliver in the same order")
    return byEvent
  }

  @Test("Random inserts and removals: delivery reaches exactly the observers left, in insertion order")
  func randomInsertsAndRemovals() {
    var generator = SeededGenerator(seed: 27)
    let log = ValueLog<(id: Int, element: Int)>()
    var list = ObserverList()
    var live: [(key: Int, id: Int)] = []  // The model: what the list holds, in insertion order.
    var removedKeys: [Int] = []
    var nextID = 0
    for step in 0..<5_000 {
      let action = Int.random(in: 0..<10, using: &generator)
      if action < 5 || live.isEmpty {
        let key = list.insert(Recording(id: nextID, log: log))
        #expect(!live.contains { $0.key == key } && !removedKeys.contains(key), "a key is never reused")
        live.append((key, nextID))
        nextID += 1
      } else if action < 9 {
        // The oldest (as a dispose bag disposes, in subscription order), the newest, or any.
        let index = action < 7 ? 0 : action == 7 ? live.count - 1 : Int.random(in: 0..<live.count, using: &generator)
        let (key, id) = live.remove(at: index)
        let removed = list.remove(key)
        #expect(removed != nil)
        if case .observer(let object) = removed { #expect((object as? ObserverBoxOf<Recording>)?.observer.id == id) }
        removedKeys.append(key)
      } else if let key = removedKeys.randomElement(using: &generator) {
        #expect(list.remove(key) == nil, "a removed key removes nothing")
      }
      #expect(list.isEmpty == live.isEmpty)
      if step % 50 == 0 || live.count < 3 {
        #expect(deliveryOrder(list, element: step, log: log) == live.map(\.id), "after step \(step)")
      }
    }
    while let (key, _) = live.first {
      live.removeFirst()
      #expect(list.remove(key) != nil)
    }
    #expect(list.isEmpty)
    #expect(deliveryOrder(list, element: 0, log: log) == [])
  }

  @Test(
    "Removing in subscription order, in reverse or alternately keeps no more removed places than receivers (plus a few)",
    arguments: ["subscription order", "reverse", "alternately"])
  func removedPlacesAreDropped(order: String) {
    let log = ValueLog<(id: Int, element: Int)>()
    var list = ObserverList()
    var keys = (0..<10_000).map { list.insert(Recording(id: $0, log: log)) }
    if order == "reverse" { keys.reverse() }
    if order == "alternately" {
      keys = keys.enumerated().sorted { ($0.offset % 2, $0.offset) < ($1.offset % 2, $1.offset) }.map(\.element)
    }
    // The most places `rest` held beyond twice the receivers left, over every removal.
    var worstExcess = Int.min
    for (removed, key) in keys.enumerated() {
      #expect(list.remove(key) != nil)
      worstExcess = max(worstExcess, list.rest.count - 2 * (keys.count - removed - 1))
      if list.restKeys.count != list.rest.count { Issue.record("keys and receivers out of step") }
    }
    #expect(worstExcess <= ObserverList.compactionThreshold)
    #expect(list.isEmpty && list.rest.isEmpty)
  }

  @Test("A removed receiver's place takes one word, as the receiver itself does")
  func placeIsOneWord() {
    #expect(MemoryLayout<ObserverList.Receiver?>.stride == MemoryLayout<Int>.stride)
  }
}
