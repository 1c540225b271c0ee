/// An operator's state and its observer, for events that arrive from several threads (a source
/// and a timer, several sources): the state is changed under a lock, and the events decided there
/// are delivered after the lock is released, one at a time, in the order they were decided.
///
/// ``update(_:)`` runs its body under the lock; the events the body sends to the ``Events`` are
/// queued (an ``Outbox``). If no thread is delivering, the calling thread then delivers the queue, including what
/// other threads add meanwhile; otherwise it returns at once and the delivering thread sends them.
/// So no lock is held while the observer runs, events to the observer never overlap, and an
/// observer that re-enters the operator (a feedback loop) finds it unlocked: its events follow
/// once the current one returns. Nothing is sent after a terminal event.
///
/// The body must not call out (observers, closures, schedulers, disposables): it returns what the
/// caller should do after the lock is released.
final class SerializedDelivery<State, Observer: ObserverType>: @unchecked Sendable {
  // Unchecked: its state is a `LockedState`; the observer is called only by the thread that owns the drain.
  typealias Element = Observer.Element

  /// The events an ``update(_:)`` decides to send, in order: an ``Outbox`` that takes nothing
  /// after a terminal event.
  struct Events {
    fileprivate var outbox = Outbox<Event<Element>>()
    fileprivate var stopped = false

    /// Sends `event`; ignored after a terminal event.
    mutating func send(_ event: Event<Element>) {
      guard !stopped else { return }
      if event.isStopEvent { stopped = true }
      outbox.post(event)
    }

    /// Sends an element.
    mutating func next(_ element: Element) { send(.next(element)) }
  }

  private struct Storage {
    var state: State
    var events = Events()
  }

  private let storage: LockedState<Storage>
  private let observer: Observer

  init(_ state: State, observer: Observer) {
    storage = LockedState(Storage(state: state))
    self.observer = observer
  }

  /// Runs `body` with exclusive access to the state and the events, then delivers what it sent
  /// (see the type's documentation); returns what `body` returns.
  @discardableResult
  func update<Result>(_ body: (inout State, inout Events) -> Result) -> Result {
    let (result, deliver) = storage.withLock { storage -> (Result, Bool) in
      let result = body(&storage.state, &storage.events)
      return (result, storage.events.outbox.claimDelivery())
    }
    if deliver { storage.deliver(\.events.outbox, observer.on) }
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
