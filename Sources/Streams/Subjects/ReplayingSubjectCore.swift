/// The part of subscribe that the replaying subjects (``BehaviorSubject``, ``ReplaySubject``)
/// share: a replay outside the lock, then the events sent meanwhile (see ``ReplayLog``).
@usableFromInline
protocol ReplayingSubjectCore<Element>: SubjectCore {
  associatedtype Element
  /// Read and written only under ``SubjectCore/lock``.
  var log: ReplayLog<Element> { get set }
}

extension ReplayingSubjectCore {
  /// For `subscribe`, with the lock held: unlocks, runs `replay` (which sends `observer` what the
  /// subject holds), then sends `observer` what the subject sent meanwhile and adds it to the
  /// subscribers in the critical section that finds nothing more sent. A subscriber that the
  /// subject's end reached meanwhile is not added. After ``SubjectCore/disposeState(taking:)``, a
  /// batch already taken is still delivered, and no batch starts.
  ///
  /// A subscriber slower than a sender that never pauses keeps catching up inside `subscribe`
  /// (the sender never waits for it), and the log holds what it has not taken yet.
  // Inlined into `subscribe`, so that `replay` inlines too (it is a loop over the buffer).
  @inlinable @inline(__always)
  func joinUnlocking<Observer: ObserverType>(_ observer: Observer, afterReplaying replay: () -> Void) -> Disposable
  where Observer.Element == Element {
    let lock = self.lock  // Once: each read through the protocol copies it (a retain on Apple platforms).
    var position = log.begin()
    lock.unlock()
    replay()
    // What the log no longer needs, released after unlocking: an element's `deinit` may use the
    // subject.
    var released = ContiguousArray<Event<Element>>()
    while true {
      lock.lock()
      if state.disposed {
        lock.unlock()
        return Disposables.create()
      }
      guard let missed = log.next(after: &position, releasing: &released) else { break }
      lock.unlock()
      released = []
      for event in missed { observer.on(event) }
    }
    if state.termination != nil {
      lock.unlock()
      withExtendedLifetime(released) {}
      return Disposables.create()
    }
    let subscription = joinUnlocking(observer)
    withExtendedLifetime(released) {}
    return subscription
  }

  /// For `on(_:)`: as ``SubjectCore/deliveries(of:_:)``, and records `event` for the running
  /// replays.
  @inlinable @inline(__always)
  func recordingDeliveries(of event: Event<Element>, _ update: () -> Void) -> ObserverList.Snapshot? {
    deliveries(of: event) {
      update()
      if log.isRecording { log.record(event) }
    }
  }

  /// For `onNext(_:)`: as ``SubjectCore/nextDeliveries(_:)``, and records `.next(element)` for the
  /// running replays.
  @inlinable @inline(__always)
  func recordingNextDeliveries(of element: Element, _ update: () -> Void) -> ObserverList.Snapshot? {
    nextDeliveries {
      update()
      if log.isRecording { log.recordNext(element) }
    }
  }

  /// Whether the subject has subscribers, counting those whose replay is running.
  @inlinable var hasSubscribers: Bool {
    lock.withLock { !state.observers.isEmpty || log.isRecording }
  }
}
