/// The "locked closures" floor: ``ClosureSubject`` made thread-safe the cheapest correct way. Each
/// send snapshots the closures under a pthread mutex (the lock Streams uses on Linux) and calls them
/// after unlocking, so a closure may subscribe or unsubscribe without deadlocking.
final class LockedClosureSubject<Element>: @unchecked Sendable {
  private let mutex = PThreadMutex.make()
  private var handlers = Handlers<Element>()

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    mutex.lock()
    defer { mutex.unlock() }
    return handlers.insert(handler)
  }

  func unsubscribe(_ key: Int) {
    mutex.lock()
    handlers.remove(key)
    mutex.unlock()
  }

  func send(_ value: Element) {
    mutex.lock()
    let snapshot = handlers.entries
    mutex.unlock()
    snapshot.send(value)
  }
}

/// ``LockedClosureSubject`` that also keeps the newest value. A new subscriber gets it under the
/// lock, so no newer value can overtake it (the handler must not call back into the subject).
final class LockedClosureValueSubject<Element>: @unchecked Sendable {
  private let mutex = PThreadMutex.make()
  private var handlers = Handlers<Element>()
  private var value: Element

  init(value: Element) { self.value = value }

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    mutex.lock()
    defer { mutex.unlock() }
    let key = handlers.insert(handler)
    handler(value)
    return key
  }

  func unsubscribe(_ key: Int) {
    mutex.lock()
    handlers.remove(key)
    mutex.unlock()
  }

  func send(_ value: Element) {
    mutex.lock()
    self.value = value
    let snapshot = handlers.entries
    mutex.unlock()
    snapshot.send(value)
  }
}

/// ``LockedClosureSubject`` that also keeps the newest `bufferSize` values and replays them to a
/// new subscriber under the lock (the handler must not call back into the subject).
final class LockedClosureReplaySubject<Element>: @unchecked Sendable {
  private let mutex = PThreadMutex.make()
  private var handlers = Handlers<Element>()
  private var buffer: RingBuffer<Element>

  init(bufferSize: Int) { buffer = RingBuffer(capacity: bufferSize) }

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    mutex.lock()
    defer { mutex.unlock() }
    buffer.forEach(handler)
    return handlers.insert(handler)
  }

  func unsubscribe(_ key: Int) {
    mutex.lock()
    handlers.remove(key)
    mutex.unlock()
  }

  func send(_ value: Element) {
    mutex.lock()
    buffer.append(value)
    let snapshot = handlers.entries
    mutex.unlock()
    snapshot.send(value)
  }
}
