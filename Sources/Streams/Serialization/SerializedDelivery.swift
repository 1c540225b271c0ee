/// An operator's state and its observer, for events that arrive from several threads (a source
/// and a timer, several sources): the state is changed under a lock, and the events decided there
/// are delivered after the lock is released, one at a time, in the order they were decided.
///
/// ``update(_:)`` runs its body under the lock; the events the body sends to the ``Outbox`` are
/// queued. If no thread is delivering, the calling thread then delivers the queue, including what
/// other threads add meanwhile; otherwise it returns at once and the delivering thread sends them.
/// So no lock is held while the observer runs, events to the observer never overlap, and an
/// observer that re-enters the operator (a feedback loop) finds it unlocked: its events follow
/// once the current one returns. Nothing is sent after a terminal event.
///
/// The body must not call out (observers, closures, schedulers, disposables): it returns what the
/// caller should do after the lock is released.
final class SerializedDelivery<State, Observer: ObserverType>: @unchecked Sendable {
  typealias Element = Observer.Element

  /// The events an ``update(_:)`` decides to send, in order.
  struct Outbox {
    fileprivate var events = Queue<Event<Element>>()
    fileprivate var stopped = false
    fileprivate var delivering = false

    /// Sends `event`; ignored after a terminal event.
    mutating func send(_ event: Event<Element>) {
      guard !stopped else { return }
      if event.isStopEvent { stopped = true }
      events.enqueue(event)
    }

    /// Sends an element.
    mutating func next(_ element: Element) { send(.next(element)) }
  }

  private struct Storage {
    var state: State
    var outbox = Outbox()
  }

  private let storage: LockedState<Storage>
  private let observer: Observer

  init(_ state: State, observer: Observer) {
    storage = LockedState(Storage(state: state))
    self.observer = observer
  }

  /// Runs `body` with exclusive access to the state and the outbox, then delivers what it sent
  /// (see the type's documentation); returns what `body` returns.
  @discardableResult
  func update<Result>(_ body: (inout State, inout Outbox) -> Result) -> Result {
    let (result, deliver) = storage.withLock { storage -> (Result, Bool) in
      let result = body(&storage.state, &storage.outbox)
      guard !storage.outbox.delivering, !storage.outbox.events.isEmpty else { return (result, false) }
      storage.outbox.delivering = true
      return (result, true)
    }
    if deliver {
      while let event = storage.withLock({ storage -> Event<Element>? in
        guard !storage.outbox.events.isEmpty else {
          storage.outbox.delivering = false
          return nil
        }
        return storage.outbox.events.dequeue()
      }) {
        observer.on(event)
      }
    }
    return result
  }
}

/// The observer of a ``SerializedDelivery`` whose events are actions: it runs each, in order and
/// outside the lock, and passes the terminal event to `observer`. For operators whose decisions
/// are more than events to one observer (start a timer, send to a window, run a selector).
struct ActionRunner<Element>: ObserverType {
  let observer: AnyObserver<Element>

  init(_ observer: AnyObserver<Element>) { self.observer = observer }

  func on(_ event: Event<() -> Void>) {
    switch event {
    case .next(let action): action()
    case .error(let error): observer.onError(error)
    case .completed: observer.onCompleted()
    }
  }
}
