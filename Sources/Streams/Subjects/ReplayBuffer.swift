/// The elements a replaying subject keeps: the newest `capacity` ones, or all of them.
///
/// A ring buffer once full, so recording an element never allocates.
@usableFromInline @frozen
struct ReplayBuffer<Element> {
  @usableFromInline var storage: ContiguousArray<Element> = []
  @usableFromInline var head = 0  // Index of the oldest element once the ring is full.
  @usableFromInline let capacity: Int?  // `nil`: unbounded.

  @inlinable
  init(capacity: Int?) {
    self.capacity = capacity
    if let capacity { storage.reserveCapacity(Swift.min(capacity, 1024)) }
  }

  @inlinable var count: Int { storage.count }

  /// Appends `element`; returns the oldest element when it falls out, for the caller to release
  /// after unlocking.
  @inlinable @discardableResult
  mutating func append(_ element: Element) -> Element? {
    guard let capacity else {
      storage.append(element)
      return nil
    }
    if capacity == 0 { return nil }
    if storage.count < capacity {
      storage.append(element)
      return nil
    }
    var replaced = element
    swap(&storage[head], &replaced)
    head = head + 1 == capacity ? 0 : head + 1
    return replaced
  }

  /// Calls `body` with each element, oldest first.
  @inlinable
  func forEach(_ body: (Element) -> Void) {
    for index in head..<storage.count { body(storage[index]) }
    for index in 0..<head { body(storage[index]) }
  }

  /// Sends each element to `observer`, oldest first, with ``ObserverType/onNext(_:)``: where the
  /// element type is not concrete (a subscriber that holds the subject as an `Observable`), each
  /// `Event` built and taken apart would look up its metadata, most of a replay's time.
  @inlinable
  func send<Observer: ObserverType>(to observer: Observer) where Observer.Element == Element {
    forEach { observer.onNext($0) }
  }

  /// Empties the buffer; returns the elements, for the caller to release after unlocking.
  @inlinable
  mutating func removeAll() -> ContiguousArray<Element> {
    head = 0
    var released = ContiguousArray<Element>()
    swap(&storage, &released)
    return released
  }
}
