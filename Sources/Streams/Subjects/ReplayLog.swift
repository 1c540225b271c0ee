/// The events a replaying subject (``BehaviorSubject``, ``ReplaySubject``) sent while replays to new
/// subscribers were running.
///
/// A replay runs outside the subject's lock, so that the subscriber may block, or wait for another
/// thread that is sending to the same subject, without deadlocking. Meanwhile the subject records
/// what it sends here (only while a replay runs: the send path otherwise pays one comparison).
/// After its replay, the subscribing thread delivers what was recorded since its replay began,
/// and joins the subject's observers in the critical section that finds nothing more recorded.
/// So the subscriber receives the replay, then every later event exactly once, in order, one at a
/// time; and when nothing was sent meanwhile, the subscriber costs one extra lock, no queue.
///
/// Each running replay reads from an absolute position (``base`` is the position of the first
/// event kept). When the replay furthest behind moves on, the events before it are dropped, so the
/// log keeps only what some replay has not taken yet. A subscriber that keeps up with the sender
/// takes its batch by swapping the storage out; otherwise it takes a copy, so the sender's next
/// `record` never copies the log.
///
/// Mutated only under the owning subject's lock. Whatever a method hands back to release (dropped
/// events, taken batches) the caller releases after unlocking: an element's `deinit` may send to
/// the same subject.
@usableFromInline @frozen
struct ReplayLog<Element> {
  @usableFromInline var positions = ContiguousArray<Int>()  // Of the replays in progress.
  @usableFromInline var base = 0  // The position of `events[0]`.
  @usableFromInline var events = ContiguousArray<Event<Element>>()  // From the furthest behind.

  @inlinable init() {}

  /// Whether a replay is running, so that the subject must record what it sends.
  @inlinable var isRecording: Bool { !positions.isEmpty }

  /// The position after the last event recorded.
  @inlinable var end: Int { base + events.count }

  /// Starts a replay; returns the position its subscriber reads from.
  @inlinable
  mutating func begin() -> Int {
    positions.append(end)
    return end
  }

  /// Records `event` for the running replays. Out of line: rare.
  @inline(never) @usableFromInline
  mutating func record(_ event: Event<Element>) {
    events.append(event)
  }

  /// Records `.next(element)`; out of line, so that the send path builds no `Event` unless a
  /// replay is running.
  @inline(never) @usableFromInline
  mutating func recordNext(_ element: Element) {
    events.append(.next(element))
  }

  /// The events recorded since `position`, which then moves past them; `nil` when there are none,
  /// and then the replay has ended. Events no replay needs any more move to `released`, which
  /// must be empty.
  @inlinable
  mutating func next(
    after position: inout Int, releasing released: inout ContiguousArray<Event<Element>>
  ) -> ContiguousArray<Event<Element>>? {
    if positions.count == 1, position == end {  // The common case: the only replay, caught up.
      positions.removeAll(keepingCapacity: true)
      base = 0
      if !events.isEmpty { swap(&events, &released) }
      return nil
    }
    return nextAmongOthers(after: &position, releasing: &released)
  }

  /// ``next(after:releasing:)`` when other replays run, or events were sent meanwhile. Out of
  /// line: rare.
  @usableFromInline
  mutating func nextAmongOthers(
    after position: inout Int, releasing released: inout ContiguousArray<Event<Element>>
  ) -> ContiguousArray<Event<Element>>? {
    guard let index = positions.firstIndex(of: position) else { return nil }  // Disposed.
    if position == end {
      positions.remove(at: index)
      if positions.isEmpty {
        base = 0
        swap(&events, &released)  // Rare: a burst keeps no memory.
      } else {
        dropTaken(releasing: &released)
      }
      return nil
    }
    if positions.count == 1, position == base {  // The only replay takes all: swap, no copy.
      var batch = ContiguousArray<Event<Element>>()
      swap(&events, &batch)
      base += batch.count
      position = base
      positions[index] = position
      return batch
    }
    let batch = ContiguousArray(events[(position - base)...])
    position = end
    positions[index] = position
    dropTaken(releasing: &released)
    return batch
  }

  /// Drops the events before the replay furthest behind, once they are at least half the log (so
  /// each event is moved at most once on average).
  @usableFromInline
  mutating func dropTaken(releasing released: inout ContiguousArray<Event<Element>>) {
    let taken = (positions.min() ?? end) - base
    guard taken > 0, taken * 2 >= events.count else { return }
    var kept = ContiguousArray(events[taken...])
    swap(&events, &kept)
    released = kept
    base += taken
  }

  /// Forgets the replays and what was recorded for them; returns the events, to release after
  /// unlocking.
  @usableFromInline
  mutating func removeAll() -> ContiguousArray<Event<Element>> {
    positions = []
    base = 0
    var released = ContiguousArray<Event<Element>>()
    swap(&events, &released)
    return released
  }
}
