/// The "closures" floor: a final class holding closures and calling each one per send. Not
/// thread-safe, so it has no column for the multi-threaded row.
final class ClosureSubject<Element> {
  private var handlers = Handlers<Element>()

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int { handlers.insert(handler) }

  func unsubscribe(_ key: Int) { handlers.remove(key) }

  func send(_ value: Element) { handlers.entries.send(value) }
}

/// ``ClosureSubject`` that also keeps the newest value and sends it to each new subscriber.
final class ClosureValueSubject<Element> {
  private var handlers = Handlers<Element>()
  private var value: Element

  init(value: Element) { self.value = value }

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    let key = handlers.insert(handler)
    handler(value)
    return key
  }

  func unsubscribe(_ key: Int) { handlers.remove(key) }

  func send(_ value: Element) {
    self.value = value
    handlers.entries.send(value)
  }
}

/// ``ClosureSubject`` that also keeps the newest `bufferSize` values and replays them to each new
/// subscriber.
final class ClosureReplaySubject<Element> {
  private var handlers = Handlers<Element>()
  private var buffer: RingBuffer<Element>

  init(bufferSize: Int) { buffer = RingBuffer(capacity: bufferSize) }

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    buffer.forEach(handler)
    return handlers.insert(handler)
  }

  func unsubscribe(_ key: Int) { handlers.remove(key) }

  func send(_ value: Element) {
    buffer.append(value)
    handlers.entries.send(value)
  }
}
