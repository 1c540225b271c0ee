/// The observers of a subject, each with a key for removal.
///
/// The first observer is stored inline and the rest in a contiguous array, so a subject with one
/// subscriber allocates no storage, and taking a snapshot for delivery is a reference-count
/// increment, never an allocation. Insertion order is delivery order.
@usableFromInline
struct ObserverList<Element> {
  /// How an entry receives events. Observers made by `subscribe(onNext:…)` are called directly
  /// (no closure allocation, and the call specializes and inlines in client code); any other
  /// observer through a closure over its `on(_:)`.
  @usableFromInline
  enum Receiver {
    case closures(ClosureObserver<Element>)
    case observer(ObserverBox<Element>)

    @inlinable @inline(__always)
    func on(_ event: Event<Element>) {
      switch self {
      case .closures(let observer): observer.on(event)
      case .observer(let box):
        // Switch here, where the element type is usually concrete, so that an operator's sink
        // receives the element without an `Event` to take apart in generic code.
        if case .next(let element) = event { box.onNext(element) } else { box.on(event) }
      }
    }
  }

  @usableFromInline
  struct Entry {
    @usableFromInline let key: Int
    @usableFromInline let receiver: Receiver

    @inlinable init(key: Int, receiver: Receiver) {
      self.key = key
      self.receiver = receiver
    }
  }

  /// A copy of the entries, for delivering outside the lock.
  @usableFromInline
  struct Snapshot {
    @usableFromInline let first: Entry?
    @usableFromInline let rest: ContiguousArray<Entry>

    @inlinable init(first: Entry?, rest: ContiguousArray<Entry>) {
      self.first = first
      self.rest = rest
    }

    /// Sends `event` to every entry, in insertion order.
    @inlinable
    func dispatch(_ event: Event<Element>) {
      guard let first else { return }
      first.receiver.on(event)
      for entry in rest { entry.receiver.on(event) }
    }
  }

  @usableFromInline var first: Entry?
  @usableFromInline var rest: ContiguousArray<Entry> = []
  @usableFromInline var nextKey = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { first == nil }

  @inlinable var snapshot: Snapshot { Snapshot(first: first, rest: rest) }

  /// Adds `observer`; returns its key.
  @inlinable
  mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Int where Observer.Element == Element {
    let receiver: Receiver
    if let closures = observer as? ClosureObserver<Element> {
      receiver = .closures(closures)
    } else {
      receiver = .observer(ObserverBoxOf(observer))
    }
    let key = nextKey
    nextKey &+= 1
    if first == nil {
      first = Entry(key: key, receiver: receiver)
    } else {
      rest.append(Entry(key: key, receiver: receiver))
    }
    return key
  }

  /// Removes the entry for `key`, if present.
  @usableFromInline
  mutating func remove(_ key: Int) {
    if first?.key == key {
      first = rest.isEmpty ? nil : rest.removeFirst()
    } else if let index = rest.firstIndex(where: { $0.key == key }) {
      rest.remove(at: index)
    }
  }

  @usableFromInline
  mutating func removeAll() {
    first = nil
    rest = []
  }
}

/// Any observer of a subject other than a ``ClosureObserver``, behind a class so that the subject
/// calls it through a vtable with an element or an event (one allocation, like the closure it replaces).
@usableFromInline
class ObserverBox<Element> {
  @usableFromInline init() {}
  @usableFromInline func onNext(_ element: Element) { fatalError("abstract") }
  @usableFromInline func on(_ event: Event<Element>) { fatalError("abstract") }
}

@usableFromInline
final class ObserverBoxOf<Observer: ObserverType>: ObserverBox<Observer.Element> {
  @usableFromInline let observer: Observer

  @usableFromInline init(_ observer: Observer) { self.observer = observer }

  @usableFromInline override func onNext(_ element: Observer.Element) { observer.onNext(element) }
  @usableFromInline override func on(_ event: Event<Observer.Element>) { observer.on(event) }
}
