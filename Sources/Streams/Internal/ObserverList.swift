/// The observers of a subject, each with a key for removal.
///
/// Stored in a contiguous array, so taking a snapshot for delivery is a reference-count increment,
/// not an allocation. Insertion order is delivery order.
struct ObserverList<Element> {
  typealias Handler = (Event<Element>) -> Void

  struct Entry {
    let key: Int
    let handler: Handler
  }

  private(set) var entries: ContiguousArray<Entry> = []
  private var nextKey = 0

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }

  /// Adds `handler`; returns its key.
  mutating func insert(_ handler: @escaping Handler) -> Int {
    defer { nextKey &+= 1 }
    entries.append(Entry(key: nextKey, handler: handler))
    return nextKey
  }

  /// Removes the entry for `key`, if present.
  mutating func remove(_ key: Int) {
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries.remove(at: index)
    }
  }

  mutating func removeAll() {
    entries = []
  }
}

extension ContiguousArray {
  /// Sends `event` to every handler, outside any lock.
  @inline(__always)
  func dispatch<Value>(_ event: Event<Value>) where Element == ObserverList<Value>.Entry {
    for entry in self { entry.handler(event) }
  }
}
