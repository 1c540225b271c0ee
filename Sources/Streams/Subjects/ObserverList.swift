/// The observers of a subject, each with a key for removal.
///
/// The first observer is stored inline and the rest in a contiguous array, so a subject with one
/// subscriber allocates no storage, and taking a snapshot for delivery is a reference-count
/// increment, never an allocation. Insertion order is delivery order.
///
/// The list is not generic: a ``Receiver`` keeps its observer as an `AnyObject` and gets the
/// element type back from the event it delivers. So the code that runs unspecialized (creating a
/// subject, and the unsubscribe behind a subscription's `dispose()`) is concrete code that looks
/// up no generic metadata.
@usableFromInline @frozen
struct ObserverList {
  /// How an observer receives events. Observers made by `subscribe(onNext:…)` are called directly
  /// (no box, and the call specializes and inlines in client code); any other observer through
  /// an ``ObserverBox``.
  ///
  /// A subject only ever inserts receivers for its own element type, so ``on(_:)`` restores that
  /// type with an unchecked cast (checked in debug builds).
  @usableFromInline @frozen
  enum Receiver {
    case closures(AnyObject)  // A `ClosureObserver`.
    case observer(AnyObject)  // An `ObserverBox`.

    @inlinable
    init<Observer: ObserverType>(_ observer: Observer) {
      if let closures = observer as? ClosureObserver<Observer.Element> {
        self = .closures(closures)
      } else if let box = observer as? ObserverBox<Observer.Element> {
        self = .observer(box)  // An operator's own observer of its sources: no second object.
      } else {
        self = .observer(ObserverBoxOf(observer))
      }
    }

    @inlinable @inline(__always)
    func on<Element>(_ event: Event<Element>) {
      switch self {
      case .closures(let object):
        assert(object is ClosureObserver<Element>, "a receiver of another element type")
        unsafeDowncast(object, to: ClosureObserver<Element>.self).on(event)
      case .observer(let object):
        assert(object is ObserverBox<Element>, "a receiver of another element type")
        unsafeDowncast(object, to: ObserverBox<Element>.self).on(event)
      }
    }

    /// Sends `.next(element)` without building an `Event`: where the element type is not concrete
    /// (a subject inside an operator), each `Event` built or taken apart looks up its metadata.
    @inlinable @inline(__always)
    func onNext<Element>(_ element: Element) {
      switch self {
      case .closures(let object):
        assert(object is ClosureObserver<Element>, "a receiver of another element type")
        unsafeDowncast(object, to: ClosureObserver<Element>.self).onNext(element)
      case .observer(let object):
        assert(object is ObserverBox<Element>, "a receiver of another element type")
        unsafeDowncast(object, to: ObserverBox<Element>.self).onNext(element)
      }
    }
  }

  /// A copy of the receivers, for delivering outside the lock.
  @usableFromInline @frozen
  struct Snapshot {
    @usableFromInline let first: Receiver?
    /// `nil` when there are no more: a subject with one subscriber then copies (retains and
    /// releases) nothing but that one. A `nil` element is a removed receiver's place.
    @usableFromInline let rest: ContiguousArray<Receiver?>?

    @inlinable init(first: Receiver?, rest: ContiguousArray<Receiver?>?) {
      self.first = first
      self.rest = rest
    }

    /// Sends `event` to every receiver, in insertion order.
    @inlinable
    func dispatch<Element>(_ event: Event<Element>) {
      // Taken apart once here, rather than by each receiver.
      if case .next(let element) = event { return dispatchNext(element) }
      first?.on(event)
      guard let rest else { return }
      // By index, so that each receiver is borrowed from the array: iterating copies each one out,
      // a retain and a release per delivery.
      for index in rest.indices { rest[index]?.on(event) }
    }

    /// Sends `.next(element)` to every receiver, in insertion order.
    @inlinable
    func dispatchNext<Element>(_ element: Element) {
      first?.onNext(element)
      guard let rest else { return }
      for index in rest.indices { rest[index]?.onNext(element) }
    }
  }

  // The keys are kept apart from the receivers, so that finding a key searches plain integers.
  // Keys grow with each insertion, so `restKeys` is sorted and a key is found by binary search.
  // Removing from `rest` leaves `nil` in the receiver's place (its key stays), so that removing in
  // any order costs no shifting; the places are dropped once they are as many as the receivers
  // (at least `compactionThreshold`), so a removal costs amortized O(log n) and disposing every
  // subscriber in subscription order O(n log n) in all, not O(n²). The common case, removing the
  // only observer, touches no array.
  @usableFromInline var firstKey = -1  // -1: empty.
  @usableFromInline var first: Receiver?
  @usableFromInline var restKeys = ContiguousArray<Int>()
  @usableFromInline var rest = ContiguousArray<Receiver?>()
  /// How many of `rest`'s elements are `nil`; fewer than `rest.count` unless `rest` is empty, as
  /// a removal that leaves no receiver in `rest` empties it.
  @usableFromInline var restRemoved = 0
  /// Every element of `rest` before this index is `nil`: where the next receiver to move to
  /// `first` is looked for.
  @usableFromInline var restStart = 0
  @usableFromInline var nextKey = 0

  /// The fewest removed places that are dropped at once.
  @usableFromInline static var compactionThreshold: Int { 16 }

  @inlinable init() {}

  @inlinable var isEmpty: Bool { firstKey < 0 }

  @inlinable var snapshot: Snapshot { Snapshot(first: first, rest: rest.isEmpty ? nil : rest) }

  /// Adds `observer`; returns its key.
  @inlinable
  mutating func insert<Observer: ObserverType>(_ observer: Observer) -> Int {
    let key = nextKey
    nextKey &+= 1
    let receiver = Receiver(observer)
    if firstKey < 0 {
      firstKey = key
      first = receiver
    } else {
      restKeys.append(key)
      rest.append(receiver)
    }
    return key
  }

  /// Removes the observer with `key`, if present; returns it, for the caller to release after
  /// unlocking.
  @usableFromInline
  mutating func remove(_ key: Int) -> Receiver? {
    if firstKey == key {
      let removed = first
      promoteFirst()
      return removed
    }
    let index = restKeys.partitioningIndex(for: key)
    guard index < restKeys.count, restKeys[index] == key, let removed = rest[index] else { return nil }
    if index == rest.count - 1 {
      // The newest: removed with the places before it that are already empty, so that disposing
      // in reverse order shifts nothing either.
      restKeys.removeLast()
      rest.removeLast()
      while let last = rest.last, last == nil {
        restKeys.removeLast()
        rest.removeLast()
        restRemoved -= 1
      }
    } else {
      rest[index] = nil
      restRemoved += 1
    }
    dropRemovedPlacesIfMany()
    return removed
  }

  /// Moves the earliest receiver of `rest` to `first`, or empties the list if there is none.
  @usableFromInline
  mutating func promoteFirst() {
    guard !rest.isEmpty else {
      // The common case: `first` was the only receiver.
      firstKey = -1
      first = nil
      return
    }
    var index = restStart
    while rest[index] == nil { index += 1 }  // One is not `nil`: `restRemoved < rest.count`.
    firstKey = restKeys[index]
    first = rest[index]
    rest[index] = nil
    restRemoved += 1
    restStart = index + 1
    dropRemovedPlacesIfMany()
  }

  /// Drops the removed places once they are as many as the receivers left in `rest`.
  @usableFromInline
  mutating func dropRemovedPlacesIfMany() {
    let left = rest.count - restRemoved
    if left == 0 {
      restKeys = ContiguousArray()
      rest = ContiguousArray()
    } else {
      guard restRemoved >= Self.compactionThreshold, restRemoved >= left else { return }
      var keys = ContiguousArray<Int>()
      var receivers = ContiguousArray<Receiver?>()
      keys.reserveCapacity(left)
      receivers.reserveCapacity(left)
      for index in restStart..<rest.count {
        guard let receiver = rest[index] else { continue }
        keys.append(restKeys[index])
        receivers.append(receiver)
      }
      restKeys = keys
      rest = receivers
    }
    restRemoved = 0
    restStart = 0
  }

  @usableFromInline
  mutating func removeAll() {
    firstKey = -1
    first = nil
    restKeys = ContiguousArray()
    rest = ContiguousArray()
    restRemoved = 0
    restStart = 0
  }
}

/// Any observer of a subject other than a ``ClosureObserver``, behind a class so that the subject
/// calls it through a vtable with an element or an event (one allocation, like the closure it replaces).
///
/// An operator's observer of its sources that is a class may subclass it (overriding both methods):
/// a subject then keeps and calls it directly, with no ``ObserverBoxOf`` around it.
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

extension ContiguousArray<Int> {
  /// In this sorted array, the index of the first element not less than `key` (`count` if none).
  fileprivate func partitioningIndex(for key: Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < key {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
