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
/// Mutated only under the owning subject's lock.
@usableFromInline @frozen
struct ReplayLog<Element> {
  @usableFromInline var running = 0  // Replays in progress.
  @usableFromInline var events = ContiguousArray<Event<Element>>()  // Since the oldest began.

  @inlinable init() {}

  /// Whether a replay is running, so that the subject must record what it sends.
  @inlinable var isRecording: Bool { running > 0 }

  /// Starts a replay; returns the position its subscriber reads from.
  @inlinable
  mutating func begin() -> Int {
    running += 1
    return events.count
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
  /// and then the replay has ended.
  @inlinable
  mutating func next(after position: inout Int) -> ArraySlice<Event<Element>>? {
    if position < events.count {
      defer { position = events.count }
      return events[position...]
    }
    running -= 1
    if running == 0, !events.isEmpty { events = [] }  // Rare: a burst keeps no memory.
    return nil
  }

  /// Forgets the replays and what was recorded for them.
  @usableFromInline
  mutating func removeAll() {
    running = 0
    events = ContiguousArray()
  }
}
