import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The "contract floor": the least a library can do while keeping the rules Streams keeps. No lock is
// held while calling out (a subscriber, a user closure, an inner sequence; E and F keep the recursive
// lock that TheContract.md keeps for flatMap and combineLatest, as RxSwift); every allocation the API
// requires is made (a subject and a subscription are objects a user holds, `just` makes an object);
// thread-safe where Streams is. Where the locked-closures floor already keeps these rules (its sends
// snapshot under the lock and call after unlocking), the contract floor is built from the same parts.

/// A subscription to a ``ContractSubject``: the observer and the handle that removes it, one object,
/// as a subject's `subscribe(onNext:)` must return an object the caller keeps.
final class ContractSubscription<Element> {
  let handler: (Element) -> Void
  private let subject: ContractSubject<Element>
  let key: Int

  init(handler: @escaping (Element) -> Void, subject: ContractSubject<Element>, key: Int) {
    self.handler = handler
    self.subject = subject
    self.key = key
  }

  func dispose() { subject.unsubscribe(key) }
}

struct ContractSubjectHeader<Element> {
  /// The first subscriber, kept inline so that one subscription needs no array.
  var first: ContractSubscription<Element>?
  var rest: ContiguousArray<ContractSubscription<Element>> = []
  var nextKey = 0
}

/// A thread-safe subject that keeps its mutex in its own allocation (the tail of a `ManagedBuffer`):
/// creating one is one allocation, subscribing one more (the ``ContractSubscription``). A send
/// snapshots the subscribers under the mutex and calls them after unlocking.
/// (Thread-safe, but `ManagedBuffer` cannot be declared `Sendable`; the multi-threaded row wraps it.)
final class ContractSubject<Element>: ManagedBuffer<ContractSubjectHeader<Element>, pthread_mutex_t> {
  /// Out of line, as a library's initializer is to its user: the subject is a heap object.
  @inline(never)
  static func make() -> ContractSubject<Element> {
    let subject = unsafeDowncast(
      ContractSubject.create(minimumCapacity: 1) { _ in ContractSubjectHeader() }, to: ContractSubject.self)
    subject.withUnsafeMutablePointerToElements { pointer in
      pointer.initialize(to: pthread_mutex_t())
      let status = pthread_mutex_init(pointer, nil)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }
    return subject
  }

  deinit {
    withUnsafeMutablePointerToElements { pointer in
      pthread_mutex_destroy(pointer)
      _ = pointer.deinitialize(count: 1)
    }
  }

  @inline(__always) private func lock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }
  @inline(__always) private func unlock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }

  func subscribe(_ handler: @escaping (Element) -> Void) -> ContractSubscription<Element> {
    lock()
    let key = header.nextKey
    header.nextKey &+= 1
    let subscription = ContractSubscription(handler: handler, subject: self, key: key)
    if header.first == nil && header.rest.isEmpty {
      header.first = subscription
    } else {
      header.rest.append(subscription)
    }
    unlock()
    return subscription
  }

  func unsubscribe(_ key: Int) {
    lock()
    var removed: ContractSubscription<Element>?
    if header.first?.key == key {
      removed = header.first
      header.first = nil
    } else if let index = header.rest.firstIndex(where: { $0.key == key }) {
      removed = header.rest.remove(at: index)
    }
    unlock()
    withExtendedLifetime(removed) {}  // Released after unlocking.
  }

  func send(_ value: Element) {
    lock()
    let first = header.first
    let rest = header.rest
    unlock()
    first?.handler(value)
    for subscription in rest { subscription.handler(value) }
  }
}

/// A subscriber of a ``ContractReplaySubject``. While it is being replayed to, outside the lock, live
/// values wait in `pending` (under the subject's lock), so none overtakes the replay.
final class ContractReplayEntry<Element> {
  let handler: (Element) -> Void
  let key: Int
  var replaying = true
  var pending: ContiguousArray<Element> = []

  init(handler: @escaping (Element) -> Void, key: Int) {
    self.handler = handler
    self.key = key
  }
}

/// A thread-safe replaying subject that never calls out under its lock: a late subscriber takes a
/// snapshot of the buffer (a retained copy-on-write array) and is registered, both under the lock;
/// the replay then runs outside it, and values sent meanwhile wait in the subscriber's entry and are
/// delivered after the replay, in order. With a buffer of 1 filled at creation it is a
/// `BehaviorSubject`.
final class ContractReplaySubject<Element>: @unchecked Sendable {
  private let mutex = PThreadMutex.make()
  private var entries: ContiguousArray<ContractReplayEntry<Element>> = []
  private var replayingCount = 0
  private var nextKey = 0
  private let capacity: Int
  private var storage: ContiguousArray<Element> = []
  private var head = 0  // The oldest element, once full.

  init(bufferSize: Int) {
    capacity = bufferSize
    storage.reserveCapacity(bufferSize)
  }

  convenience init(value: Element) {
    self.init(bufferSize: 1)
    storage.append(value)
  }

  func subscribe(_ handler: @escaping (Element) -> Void) -> Int {
    mutex.lock()
    let key = nextKey
    nextKey &+= 1
    let entry = ContractReplayEntry(handler: handler, key: key)
    entries.append(entry)
    replayingCount += 1
    let (snapshot, start) = (storage, head)
    mutex.unlock()
    for index in start..<snapshot.count { handler(snapshot[index]) }
    for index in 0..<start { handler(snapshot[index]) }
    // Live values that arrived during the replay, then the gate opens.
    while true {
      mutex.lock()
      if entry.pending.isEmpty {
        entry.replaying = false
        replayingCount -= 1
        mutex.unlock()
        return key
      }
      let pending = entry.pending
      entry.pending = []
      mutex.unlock()
      for value in pending { handler(value) }
    }
  }

  func unsubscribe(_ key: Int) {
    mutex.lock()
    var removed: ContractReplayEntry<Element>?
    if let index = entries.firstIndex(where: { $0.key == key }) { removed = entries.remove(at: index) }
    mutex.unlock()
    withExtendedLifetime(removed) {}
  }

  func send(_ value: Element) {
    mutex.lock()
    if storage.count < capacity {
      storage.append(value)
    } else if capacity > 0 {
      storage[head] = value
      head = head + 1 == capacity ? 0 : head + 1
    }
    var snapshot = entries
    if replayingCount > 0 {
      // Rare: a late subscriber is being replayed to; it gets this value after its replay.
      for entry in snapshot where entry.replaying { entry.pending.append(value) }
      snapshot = snapshot.filter { !$0.replaying }
    }
    mutex.unlock()
    for entry in snapshot { entry.handler(value) }
  }
}

/// A disposed flag per operator stage, checked before each call out, as RxSwift stops at the next
/// closure once a subscription is disposed.
final class StageFlag: Sendable {
  private let disposed = Atomic<Bool>(false)
  @inline(__always) var isSet: Bool { disposed.load(ordering: .relaxed) }
  func set() { disposed.store(true, ordering: .relaxed) }
}

enum ContractOperators {
  static func map<Input, Output>(
    _ transform: @escaping (Input) -> Output, into next: @escaping (Output) -> Void
  ) -> (Input) -> Void {
    let flag = StageFlag()
    return { if !flag.isSet { next(transform($0)) } }
  }

  static func filter<Value>(
    _ predicate: @escaping (Value) -> Bool, into next: @escaping (Value) -> Void
  ) -> (Value) -> Void {
    let flag = StageFlag()
    return { if !flag.isSet && predicate($0) { next($0) } }
  }

  static func compactMap<Input, Output>(
    _ transform: @escaping (Input) -> Output?, into next: @escaping (Output) -> Void
  ) -> (Input) -> Void {
    let flag = StageFlag()
    return { if !flag.isSet, let output = transform($0) { next(output) } }
  }

  /// A stateful stage: `body` may update state and returns what to send, if anything.
  static func stateful<Input, Output>(
    _ body: @escaping (Input) -> Output?, into next: @escaping (Output) -> Void
  ) -> (Input) -> Void {
    let flag = StageFlag()
    return { if !flag.isSet, let output = body($0) { next(output) } }
  }

  /// Row J's ten operators, each checking its own disposed flag.
  static func longChain(into next: @escaping (Int) -> Void) -> (Int) -> Void {
    let tenth = map({ $0 &+ 1 }, into: next)
    var remaining = 1
    let ninth: (Int) -> Void = stateful(
      { (value: Int) -> Int? in
        if remaining > 0 {
          remaining -= 1
          return nil
        }
        return value
      }, into: tenth)
    let eighth = map({ $0 & 0xFFFF }, into: ninth)
    var running = 0
    let seventh: (Int) -> Void = stateful(
      { (value: Int) -> Int? in
        running = running &+ value
        return running
      }, into: eighth)
    var previous: Int?
    let sixth: (Int) -> Void = stateful(
      { (value: Int) -> Int? in
        guard value != previous else { return nil }
        previous = value
        return value
      }, into: seventh)
    let fifth = map({ $0 / 4 }, into: sixth)
    let fourth = compactMap({ $0 % 5 == 0 ? nil : $0 }, into: fifth)
    let third = map({ $0 >> 1 }, into: fourth)
    let second = filter({ $0 & 1 == 0 }, into: third)
    return map({ $0 &* 3 }, into: second)
  }
}

/// An inner sequence of a `flatMap`, reached through a protocol as a library's `flatMap` reaches the
/// `Observable` its selector returns.
protocol ContractSource<Element>: AnyObject {
  associatedtype Element
  func subscribe(onNext: (Element) -> Void, onCompleted: () -> Void)
}

/// `just`: one object per call, as `Observable.just(_:)` returns a new object.
final class ContractJust<Element>: ContractSource {
  let element: Element
  init(_ element: Element) { self.element = element }

  @inline(never)
  static func make(_ element: Element) -> any ContractSource<Element> { ContractJust(element) }

  func subscribe(onNext: (Element) -> Void, onCompleted: () -> Void) {
    onNext(element)
    onCompleted()
  }
}

/// `flatMap { just($0) }` under the contract: each value makes a `just` object and subscribes to it
/// through a protocol; the count of running inner sequences (for completion) is kept atomically.
/// Deliveries from inner sequences, which may run on different threads, are serialized as Streams'
/// contract has it for `flatMap` (TheContract.md, "How operators keep delivery serial"): under a
/// recursive mutex held while forwarding, as RxSwift does, so a re-entrant call from the same thread
/// works.
final class ContractFlatMapJust<Value>: @unchecked Sendable {
  private let mutex = PThreadMutex.make(recursive: true)
  private let active = Atomic<Int>(1)  // The source, plus running inner sequences.
  private let next: (Value) -> Void

  init(into next: @escaping (Value) -> Void) { self.next = next }

  func receive(_ value: Value) {
    let inner = ContractJust.make(value)
    active.wrappingAdd(1, ordering: .relaxed)
    inner.subscribe(
      onNext: { value in
        mutex.lock()
        next(value)
        mutex.unlock()
      }, onCompleted: { active.wrappingSubtract(1, ordering: .acquiringAndReleasing) })
  }
}

/// `combineLatest` of two sources under the contract Streams keeps for it (TheContract.md): storing
/// a value, combining and delivering under one recursive mutex, as RxSwift does, so a re-entrant
/// call from the same thread works.
final class ContractCombineLatest<First, Second, Result>: @unchecked Sendable {
  private let mutex = PThreadMutex.make(recursive: true)
  private var first: First?
  private var second: Second?
  private let combine: (First, Second) -> Result
  private let next: (Result) -> Void

  init(combine: @escaping (First, Second) -> Result, into next: @escaping (Result) -> Void) {
    self.combine = combine
    self.next = next
  }

  func receiveFirst(_ value: First) {
    mutex.lock()
    first = value
    if let second { next(combine(value, second)) }
    mutex.unlock()
  }

  func receiveSecond(_ value: Second) {
    mutex.lock()
    second = value
    if let first { next(combine(first, value)) }
    mutex.unlock()
  }
}
