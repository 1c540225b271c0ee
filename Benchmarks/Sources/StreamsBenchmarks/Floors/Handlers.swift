/// The subscribers of a floor subject: closures with keys for removal, in subscription order.
struct Handlers<Element> {
  typealias Handler = (Element) -> Void

  private(set) var entries: ContiguousArray<(key: Int, handler: Handler)> = []
  private var nextKey = 0

  mutating func insert(_ handler: @escaping Handler) -> Int {
    defer { nextKey &+= 1 }
    entries.append((nextKey, handler))
    return nextKey
  }

  mutating func remove(_ key: Int) {
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries.remove(at: index)
    }
  }
}

extension ContiguousArray {
  @inline(__always)
  func send<Value>(_ value: Value) where Element == (key: Int, handler: (Value) -> Void) {
    for entry in self { entry.handler(value) }
  }
}

/// The newest `capacity` elements, oldest first, for the replaying floors.
struct RingBuffer<Element> {
  let capacity: Int
  private var storage: ContiguousArray<Element> = []
  private var head = 0  // The oldest element, once full.

  init(capacity: Int) {
    self.capacity = capacity
    storage.reserveCapacity(capacity)
  }

  mutating func append(_ element: Element) {
    if storage.count < capacity {
      storage.append(element)
    } else if capacity > 0 {
      storage[head] = element
      head = head + 1 == capacity ? 0 : head + 1
    }
  }

  func forEach(_ body: (Element) -> Void) {
    for index in head..<storage.count { body(storage[index]) }
    for index in 0..<head { body(storage[index]) }
  }
}
