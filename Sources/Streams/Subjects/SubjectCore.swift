/// What every subject keeps under its lock: its observers and how it ended.
///
/// Not generic, so the code that runs unspecialized (creating a subject, the unsubscribe behind a
/// subscription's `dispose()`, a subject's deinit) looks up no generic metadata.
@usableFromInline @frozen
struct SubjectState {
  @usableFromInline var observers = ObserverList()
  @usableFromInline var termination: CompletableEvent?
  @usableFromInline var disposed = false

  @inlinable init() {}

  /// Whether the subject ignores events: it ended or was disposed.
  @inlinable var isStopped: Bool { termination != nil || disposed }

  /// The observers to send `event` to; a terminal event also ends the subject and forgets them.
  /// Call only while not ``isStopped``.
  @inlinable
  mutating func deliver<Element>(_ event: Event<Element>) -> ObserverList.Snapshot {
    let snapshot = observers.snapshot
    if let ending = CompletableEvent(event) {
      termination = ending
      observers.removeAll()
    }
    return snapshot
  }

  /// Forgets every observer and the way the subject ended; the subject then rejects subscribers.
  /// Returns the observers, to release after unlocking.
  @usableFromInline
  mutating func dispose() -> ObserverList {
    disposed = true
    termination = nil
    var released = ObserverList()
    swap(&observers, &released)
    return released
  }
}

/// The part of subscribe, unsubscribe and dispose that the four subjects share: a subject is a
/// ``SubjectState`` under a ``SubjectLock``.
@usableFromInline
protocol SubjectCore: AnyObject {
  /// The subject's lock.
  var lock: SubjectLock { get }
  /// Read and written only under ``lock``.
  var state: SubjectState { get set }
}

extension SubjectCore {
  /// Whether ``SubjectState/dispose()`` has run.
  @inlinable var isStateDisposed: Bool { lock.withLock { state.disposed } }

  /// For `on(_:)`: under the lock, unless the subject ended or was disposed, runs `update` (the
  /// subject's own bookkeeping) and returns the observers to send `event` to, outside the lock.
  // Always inlined, so that a subject's own generic code (inside an operator) reads `state` in place
  // rather than copying it out through the protocol.
  @inlinable @inline(__always)
  func deliveries<Element>(of event: Event<Element>, _ update: () -> Void = {}) -> ObserverList.Snapshot? {
    unlessStopped(update) { $0.deliver(event) }
  }

  /// For `onNext(_:)`: as ``deliveries(of:_:)`` for a `.next` event, without building one (see
  /// ``ObserverList/Receiver/onNext(_:)``).
  @inlinable @inline(__always)
  func nextDeliveries(_ update: () -> Void = {}) -> ObserverList.Snapshot? {
    unlessStopped(update) { $0.observers.snapshot }
  }

  /// Under the lock, unless the subject ended or was disposed: runs `update`, then `take`, whose
  /// observers are returned for delivery outside the lock.
  @inlinable @inline(__always)
  func unlessStopped(
    _ update: () -> Void, take: (inout SubjectState) -> ObserverList.Snapshot
  ) -> ObserverList.Snapshot? {
    lock.lock()
    if state.isStopped {
      lock.unlock()
      return nil
    }
    update()
    let snapshot = take(&state)
    lock.unlock()
    return snapshot
  }

  /// For `subscribe`: under the lock, takes what the subject holds for a new subscriber (`hold`).
  /// Then, if the subject was disposed, sends `observer` the error that says so (`subject` names
  /// the subject); if it ended, calls `beforeEnd` and sends the terminal event, outside the lock;
  /// otherwise calls `join` with the lock still held, which must unlock (with
  /// ``joinUnlocking(_:)``).
  @inlinable
  func admit<Observer: ObserverType, Held>(
    _ observer: Observer, subject: String, holding hold: () -> Held,
    beforeEnd: (CompletableEvent, Held) -> Void = { _, _ in }, join: (Held) -> Disposable
  ) -> Disposable {
    let lock = self.lock  // Once: each read through the protocol copies it (a retain on Apple platforms).
    lock.lock()
    if state.disposed {
      lock.unlock()
      observer.on(.error(StreamsError.disposed(object: subject)))
      return Disposables.create()
    }
    let held = hold()
    if let termination = state.termination {
      lock.unlock()
      beforeEnd(termination, held)
      observer.on(termination.event())
      return Disposables.create()
    }
    return join(held)
  }

  /// For `subscribe`, with the lock held: adds `observer` to the subscribers, unlocks, and returns
  /// the subscription that removes it.
  @inlinable
  func joinUnlocking<Observer: ObserverType>(_ observer: Observer) -> Disposable {
    let key = state.observers.insert(observer)
    lock.unlock()
    return SubjectSubscription(subject: self, key: key)
  }

  /// Removes the observer with `key`; behind a subscription's `dispose()`. The observer is
  /// released after unlocking: its `deinit` may use the subject.
  @usableFromInline
  func unsubscribe(_ key: Int) {
    let lock = self.lock  // Once: each read through the protocol copies it (a retain on Apple platforms).
    lock.lock()
    let removed = state.observers.remove(key)
    lock.unlock()
    withExtendedLifetime(removed) {}
  }

  /// Disposes the state under the lock, with `take` (which moves the subject's own stored values
  /// out); releases the observers and those values after unlocking, as their `deinit` may use the
  /// subject.
  @inlinable
  func disposeState<Taken>(taking take: () -> Taken) {
    lock.lock()
    let observers = state.dispose()
    let taken = take()
    lock.unlock()
    withExtendedLifetime((observers, taken)) {}
  }
}
