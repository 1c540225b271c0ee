/// The observers of a subject, each with a key for removal.
///
/// The first observer is stored inline and the rest in a contiguous array, so a subject with one
/// subscriber allocates no storage, and taking a snapshot for delivery is a reference-count
/// increment, never an allocation. Insertion order is delivery order.
@usableFromInline @frozen
struct ObserverList<Element> {
  /// How an observer receives events. Observers made by `subscribe(onNext:…)` are called directly
  /// (no box, and the call specializes and inlines in client code); any other observer through
  /// an ``ObserverBox``.
  @usableFromInline
  enum Receiver {
    case closures(ClosureObserver<Element>)
    case observer(ObserverBox<Element>)

    @inlinable
    init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
      if let closures = observer as? ClosureObserver<Element> {
        self = .closures(closures)
      } else {
        self = .observer(ObserverBoxOf(observer))
      }
    }

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

  /// A copy of the receivers, for delivering outside the lock.
  @usableFromInline @frozen
  struct Snapshot {
    @usableFromInline let first: Receiver?
    @usableFromInline let rest: ContiguousArray<Receiver>

    @inlinable init(first: Receiver?, rest: ContiguousArray<Receiver>) {
      self.first = first
      self.rest = rest
    }

    /// Sends `event` to every receiver, in insertion order.
    @inlinable
    func dispatch(_ event: Event<Element>) {
      guard let first else { return }
      first.on(event)
      for receiver in rest { receiver.on(event) }
    }
  }

  // The keys are kept apart from the receivers: `remove(_:)` runs unspecialized (behind a
  // subscription's `dispose()`), where finding a key in an `[Int]` is concrete code, while every
  // operation on `[Receiver]` goes through generic metadata. The common case, removing the only
  // observer, touches no array.
  @usableFromInline var firstKey = -1  // -1: empty.
  @usableFromInline var first: Receiver?
  @usableFromInline var restKeys = ContiguousArray<Int>()
  @usableFromInline var rest = ContiguousArray<Receiver>()
  @usableFromInline var nextKey = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { firstKey < 0 }

  @inlinable var snapshot: Snapshot { Snapshot(first: first, rest: rest) }

  /// Adds `observer`; returns its key.
  @inlinable
  mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Int where Observer.Element == Element {
    let key = reserveKey()
    insert(Receiver(observer), key: key)
    return key
  }

  /// A fresh key, for an observer that joins later with ``insert(_:key:)``.
  @inlinable
  mutating func reserveKey() -> Int {
    let key = nextKey
    nextKey &+= 1
    return key
  }

  /// Adds `receiver` under `key`, which ``reserveKey()`` returned.
  @inlinable
  mutating func insert(_ receiver: Receiver, key: Int) {
    if firstKey < 0 {
      firstKey = key
      first = receiver
    } else {
      restKeys.append(key)
      rest.append(receiver)
    }
  }

  /// Removes the observer with `key`, if present.
  @usableFromInline
  mutating func remove(_ key: Int) {
    if firstKey == key {
      if restKeys.isEmpty {
        firstKey = -1
        first = nil
      } else {
        firstKey = restKeys.removeFirst()
        first = rest.removeFirst()
      }
    } else if let index = restKeys.firstIndex(of: key) {
      restKeys.remove(at: index)
      rest.remove(at: index)
    }
  }

  @usableFromInline
  mutating func removeAll() {
    firstKey = -1
    first = nil
    restKeys = ContiguousArray()
    rest = ContiguousArray()
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
