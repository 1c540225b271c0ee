import Streams

/// The state behind one `Observable.events` subscription: pure, events in, actions out.
/// ``ObservableEventsStorage`` holds it under a lock and performs the actions after unlocking.
///
/// Rx delivery is push, so there is no buffering policy: elements sent from several threads are
/// queued and delivered one at a time by whichever thread is already delivering (the Rx contract
/// wants serialized events), and never under the lock, so an observer may dispose re-entrantly.
struct ObservableEventsStateMachine<Element: Sendable>: Sendable {
  /// An event waiting to be delivered.
  enum Pending: Sendable {
    case next(Element)
    case completed
    case failed(any Error)
  }

  /// Side effects to perform outside the lock: run `hook`, report `diagnostic`, then deliver the
  /// queue if `drain`. `dropped` holds the events disposal dropped, to be released after unlocking
  /// (an element's deinit is user code).
  struct Action: Sendable {
    var hook: Cancellation?
    var diagnostic: AdapterDiagnostic.Kind?
    var drain = false
    var dropped = Queue<Pending>()
  }

  /// The subscriber; released at disposal or once the terminal event is handed out, so that a
  /// sink the SDK keeps does not keep the subscriber alive.
  private var observer: AnyObserver<Element>?
  /// The events waiting for the observer, and whether a thread is delivering them.
  private var outbox = Outbox<Pending>()
  /// A terminal event was queued.
  private var terminated = false
  /// The producer called `finish` or `fail` itself.
  private var producerFinished = false
  /// The subscription was disposed: deliver nothing more.
  private var isDisposed = false
  private var hook = StopHook()

  init(observer: AnyObserver<Element>) {
    self.observer = observer
  }

  var isTerminated: Bool { terminated || isDisposed }

  mutating func startReturned(_ cancellation: Cancellation?) -> Cancellation? {
    hook.startReturned(cancellation)
  }

  mutating func startThrew(_ error: any Error) -> Action {
    hook.startFailed()
    return enqueueTerminal(.failed(error), byProducer: true)
  }

  mutating func send(_ element: Element) -> (SendResult, Action?) {
    if producerFinished { return (.terminated, Action(diagnostic: .eventAfterFinish)) }
    if isTerminated { return (.terminated, nil) }
    outbox.post(.next(element))
    return (.enqueued, claimDrain())
  }

  mutating func finish(with error: (any Error)?) -> Action? {
    if producerFinished { return Action(diagnostic: .eventAfterFinish) }
    return enqueueTerminal(error.map { .failed($0) } ?? .completed, byProducer: true)
  }

  mutating func sinkDropped() -> Action? {
    if producerFinished || isTerminated { return nil }
    var action = enqueueTerminal(.failed(AdapterError.callbackDropped), byProducer: false)
    action.diagnostic = .sinkDropped
    return action
  }

  /// The subscription was disposed: drop the queue, run the hook.
  mutating func disposed() -> Action? {
    if isDisposed { return nil }
    isDisposed = true
    observer = nil
    let dropped = outbox.removeAll()
    guard let hook = hook.streamEnded() else { return dropped.isEmpty ? nil : Action(dropped: dropped) }
    return Action(hook: hook, dropped: dropped)
  }

  /// The draining thread asks for the next event and whom to deliver it to; `nil` ends its turn.
  mutating func nextToDeliver() -> (Pending, AnyObserver<Element>)? {
    guard let event = outbox.next() else { return nil }
    guard let observer else {
      // Nobody to deliver to (disposed meanwhile): drop the rest, which ends the turn.
      _ = outbox.removeAll()
      return nextToDeliver()
    }
    if case .next = event {} else { self.observer = nil }  // the last event it gets
    return (event, observer)
  }

  private mutating func enqueueTerminal(_ event: Pending, byProducer: Bool) -> Action {
    if byProducer { producerFinished = true }
    if isTerminated { return Action() }
    terminated = true
    outbox.post(event)
    var action = claimDrain() ?? Action()
    action.hook = hook.streamEnded()
    return action
  }

  /// Whether the caller becomes the draining thread.
  private mutating func claimDrain() -> Action? {
    outbox.claimDelivery() ? Action(drain: true) : nil
  }
}
