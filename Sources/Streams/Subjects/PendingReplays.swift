/// The new subscribers of a replaying subject (``BehaviorSubject``, ``ReplaySubject``) that are
/// still receiving their replay, with the events the subject sent meanwhile.
///
/// A replay runs outside the subject's lock, so that the subscriber may block, or wait for another
/// thread that is sending to the same subject, without deadlocking. Events sent during the replay
/// are queued here, under the subject's lock, instead of reaching the subscriber at once; the
/// subscribing thread delivers them after the replay, then moves the subscriber to the subject's
/// ``ObserverList`` in the same critical section that finds its queue empty. So the subscriber
/// receives the replay, then every later event exactly once, in order, one at a time.
///
/// Mutated only under the owning subject's lock.
@usableFromInline @frozen
struct PendingReplays<Element> {
  /// A subscriber whose replay is running, and the events queued for it.
  @usableFromInline @frozen
  struct Entry {
    @usableFromInline let receiver: ObserverList<Element>.Receiver
    @usableFromInline var queued: ContiguousArray<Event<Element>> = []

    @inlinable init(receiver: ObserverList<Element>.Receiver) { self.receiver = receiver }
  }

  /// Events to deliver, outside the lock, to a subscriber whose replay is running.
  @usableFromInline @frozen
  struct Batch {
    @usableFromInline let receiver: ObserverList<Element>.Receiver
    @usableFromInline let events: ContiguousArray<Event<Element>>

    @inlinable init(receiver: ObserverList<Element>.Receiver, events: ContiguousArray<Event<Element>>) {
      self.receiver = receiver
      self.events = events
    }

    /// Sends the events in order; stops after a terminal one.
    @inlinable func deliver() {
      for event in events {
        receiver.on(event)
        if event.isStopEvent { return }
      }
    }
  }

  // Keys apart from entries, as in `ObserverList`: `remove(_:)` runs unspecialized.
  @usableFromInline var keys = ContiguousArray<Int>()
  @usableFromInline var entries = ContiguousArray<Entry>()

  @inlinable init() {}

  /// Whether no replay is running; the only check on a subject's send path.
  @inlinable var isEmpty: Bool { keys.isEmpty }

  /// Registers the subscriber with `key`, whose replay is about to start.
  @inlinable
  mutating func add(key: Int, receiver: ObserverList<Element>.Receiver) {
    keys.append(key)
    entries.append(Entry(receiver: receiver))
  }

  /// Queues `event` for every subscriber whose replay is running. Out of line: rare.
  @inline(never) @usableFromInline
  mutating func enqueue(_ event: Event<Element>) {
    for index in entries.indices { entries[index].queued.append(event) }
  }

  /// Removes the subscriber with `key`; returns whether it was here.
  @usableFromInline
  mutating func remove(_ key: Int) -> Bool {
    guard let index = keys.firstIndex(of: key) else { return false }
    keys.remove(at: index)
    entries.remove(at: index)
    return true
  }

  @usableFromInline
  mutating func removeAll() {
    keys = ContiguousArray()
    entries = ContiguousArray()
  }

  /// Called under the subject's lock by the subscribing thread after the replay and after each
  /// batch: returns the next batch to deliver, or `nil` once the subscriber has been moved to
  /// `observers` (its queue is empty and the subject still runs) or dropped (it was disposed, the
  /// subject was disposed, or the subject `ended` and the terminal event has been delivered).
  @inlinable
  mutating func next(for key: Int, joining observers: inout ObserverList<Element>, ended: Bool) -> Batch? {
    guard let index = keys.firstIndex(of: key) else { return nil }
    if !entries[index].queued.isEmpty {
      let events = entries[index].queued
      entries[index].queued = []
      return Batch(receiver: entries[index].receiver, events: events)
    }
    let receiver = entries[index].receiver
    if keys.count == 1 {  // The common case: one replay at a time. Keeps the storage for the next.
      keys.removeAll(keepingCapacity: true)
      entries.removeAll(keepingCapacity: true)
    } else {
      keys.remove(at: index)
      entries.remove(at: index)
    }
    if !ended { observers.insert(receiver, key: key) }
    return nil
  }
}
