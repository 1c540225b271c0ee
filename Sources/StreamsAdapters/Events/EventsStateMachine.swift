import Streams

/// The state behind an ``AsyncEvents`` sequence: pure, events in, actions out.
/// ``AsyncEventsStorage`` holds it under a lock and performs the actions after unlocking.
///
/// The stream ends at the first of: the producer's `finish`/`fail`, the sink being dropped, a
/// buffer overflow (`failOnOverflow`), the consumer's cancellation, the iterator (or, never
/// iterated, the sequence) being released. The stop hook runs then, once. Elements buffered
/// before a producer-side end are still delivered; a consumer-side end discards them.
struct EventsStateMachine<Element: Sendable>: Sendable {
  typealias Continuation = BridgeContinuation<Element?>

  /// What the consumer gets after the buffer drains.
  private enum Terminal: Sendable {
    case finished
    case failed(any Error)
  }

  /// Side effects to perform outside the lock: run `hook`, resume `continuation` with `outcome`,
  /// report `diagnostic`.
  struct Action: Sendable {
    var hook: Cancellation?
    var continuation: Continuation?
    var outcome: Result<Element?, any Error>?
    var diagnostic: AdapterDiagnostic.Kind?
  }

  /// What `next` gets without suspending.
  enum Immediate: Sendable {
    case element(Element)
    case end
    case failure(any Error)
  }

  let policy: AsyncBufferingPolicy
  private var buffer = Queue<Element>()
  /// The consumer suspended in `next`.
  private var parked: Continuation?
  /// The producer-side end, delivered after the buffer.
  private var terminal: Terminal?
  /// The producer called `finish` or `fail` itself.
  private var producerFinished = false
  /// The consumer stopped: cancelled, or its iterator (or the unused sequence) released.
  private var consumerGone = false
  private var iteratorClaimed = false
  private var hook = StopHook()

  init(policy: AsyncBufferingPolicy) {
    self.policy = policy
  }

  var isTerminated: Bool { terminal != nil || consumerGone }

  // MARK: Producer

  mutating func startReturned(_ cancellation: Cancellation?) -> Cancellation? {
    hook.startReturned(cancellation)
  }

  mutating func startThrew(_ error: any Error) -> Action {
    hook.startFailed()
    return end(with: .failed(error), byProducer: true)
  }

  mutating func send(_ element: Element) -> (SendResult, Action?) {
    if producerFinished { return (.terminated, Action(diagnostic: .eventAfterFinish)) }
    if isTerminated { return (.terminated, nil) }
    if let parked {
      self.parked = nil
      return (.enqueued, Action(continuation: parked, outcome: .success(element)))
    }
    switch policy {
    case .unbounded:
      buffer.enqueue(element)
      return (.enqueued, nil)
    case .bufferingOldest(let limit):
      guard buffer.count < limit else { return (.dropped, nil) }
      buffer.enqueue(element)
      return (.enqueued, nil)
    case .bufferingNewest(let limit):
      guard limit > 0 else { return (.dropped, nil) }
      if buffer.count >= limit {
        _ = buffer.popFirst()
        buffer.enqueue(element)
        return (.dropped, nil)
      }
      buffer.enqueue(element)
      return (.enqueued, nil)
    case .failOnOverflow(let limit):
      guard buffer.count >= max(limit, 0) else {
        buffer.enqueue(element)
        return (.enqueued, nil)
      }
      return (.dropped, end(with: .failed(AdapterError.bufferOverflow(limit: limit)), byProducer: false))
    }
  }

  mutating func finish(with error: (any Error)?) -> Action? {
    if producerFinished { return Action(diagnostic: .eventAfterFinish) }
    return end(with: error.map { .failed($0) } ?? .finished, byProducer: true)
  }

  mutating func sinkDropped() -> Action? {
    if producerFinished || isTerminated { return nil }
    var action = end(with: .failed(AdapterError.callbackDropped), byProducer: false)
    action.diagnostic = .sinkDropped
    return action
  }

  /// A producer-side end (finish, fail, drop, overflow): the consumer drains the buffer, then gets
  /// `terminal`.
  private mutating func end(with terminal: Terminal, byProducer: Bool) -> Action {
    if byProducer { producerFinished = true }
    if isTerminated { return Action() }
    self.terminal = terminal
    var action = Action(hook: hook.streamEnded())
    if let parked {
      // A parked consumer means the buffer is empty.
      self.parked = nil
      action.continuation = parked
      action.outcome = takeTerminal()
    }
    return action
  }

  // MARK: Consumer

  /// Claims the single consumer slot; `false` for a second iterator.
  mutating func claimIterator() -> Bool {
    if iteratorClaimed { return false }
    iteratorClaimed = true
    return true
  }

  /// The next element, end or error if one is ready; `nil` when the consumer must wait.
  mutating func nextImmediate() -> Immediate? {
    if consumerGone { return .end }
    if let element = buffer.popFirst() { return .element(element) }
    guard terminal != nil else { return nil }
    switch takeTerminal() {
    case .success: return .end
    case .failure(let error): return .failure(error)
    }
  }

  /// Parks the consumer, or resumes it at once if something arrived since `nextImmediate`.
  mutating func park(_ continuation: Continuation) -> Action? {
    if parked != nil {
      return Action(continuation: continuation, outcome: .failure(AdapterError.multipleConsumers))
    }
    switch nextImmediate() {
    case .element(let element): return Action(continuation: continuation, outcome: .success(element))
    case .end: return Action(continuation: continuation, outcome: .success(nil))
    case .failure(let error): return Action(continuation: continuation, outcome: .failure(error))
    case nil:
      parked = continuation
      return nil
    }
  }

  /// The consumer's task was cancelled, or its iterator released: end the stream, discard the
  /// buffer, wake a parked `next` with `nil`.
  mutating func consumerStopped() -> Action? {
    if consumerGone { return nil }
    consumerGone = true
    buffer.removeAll()
    var action = Action(hook: hook.streamEnded())
    if let parked {
      self.parked = nil
      action.continuation = parked
      action.outcome = .success(nil)
    }
    return action
  }

  /// The sequence value was released: the stream ends if nobody ever iterated it.
  mutating func sequenceReleased() -> Action? {
    if iteratorClaimed { return nil }
    return consumerStopped()
  }

  /// The terminal outcome for the consumer, once: an error is thrown once, then `nil`.
  private mutating func takeTerminal() -> Result<Element?, any Error> {
    guard case .failed(let error) = terminal else { return .success(nil) }
    terminal = .finished
    return .failure(error)
  }
}
