/// The state of one iterator of ``AsyncObservableSequence`` or ``AsyncInfallibleSequence``: pure,
/// with no locks and no side effects.
///
/// Events come in as mutating calls (the upstream sent an element, the consumer asked for one,
/// the task was cancelled…); each returns what the caller must do next: resume a continuation,
/// dispose the subscription. ``ValuesStorage`` holds the machine under a lock and performs those
/// actions after unlocking.
///
/// Generic over the continuation and subscription types so that it can be driven with plain
/// values; conditionally `Sendable`. Inlinable, like the rest of the `values` hot path, so that a
/// client specializes it for its element type (unspecialized generic code spends most of its time
/// looking up type metadata). For the same reason the phase is a trivial enum and its data lives in
/// stored properties: switching over an enum with an existential payload copies the payload.
@usableFromInline @frozen
struct ValuesStateMachine<Element, Continuation, Subscription> {
  @usableFromInline
  enum Phase {
    /// Subscribing or subscribed; the consumer is not waiting. `subscription` is `nil` until
    /// `subscribe` returned it.
    case active
    /// The consumer waits in `next()` on `continuation`; the buffer is empty.
    case waiting
    /// The upstream ended (`failure` is `nil` after completion) or overflowed; the buffered
    /// elements go to the consumer first, then the end. `subscription` is `nil`.
    case draining
    /// The end was delivered, or the consumer went away. Nothing happens any more;
    /// everything else is `nil` or empty.
    case finished
  }

  /// What the storage does after the upstream sent an element.
  @usableFromInline
  enum ReceiveAction {
    /// Nothing: the element was buffered or dropped.
    case none
    /// Resume the waiting consumer with the element.
    case resume(Continuation, Element)
    /// The buffer overflowed: dispose the subscription (if already known).
    case dispose(Subscription?)
  }

  /// What the storage does after the upstream ended.
  @usableFromInline
  enum TerminalAction {
    /// Nothing: the sequence had already ended.
    case none
    /// Release the subscription; the consumer finds the end after the buffer.
    case dispose(Subscription?)
    /// Resume the waiting consumer with the end, and release the subscription.
    case resume(Continuation, failure: (any Error)?, dispose: Subscription?)
  }

  /// What the consumer gets from a `next()` that has not suspended.
  @usableFromInline
  enum NextAction {
    /// The whole buffer was moved into the consumer's batch (unbounded policy only).
    case batch
    /// One element.
    case element(Element)
    /// The end of the sequence; `failure` is `nil` for a normal end.
    case end(failure: (any Error)?)
    /// Nothing yet: suspend with ``suspended(_:)``.
    case suspend
  }

  /// What the storage does after the consumer suspended.
  @usableFromInline
  enum SuspendAction {
    /// Nothing now: the continuation is stored until an event arrives.
    case none
    /// Resume the continuation at once (something arrived, or the sequence ended meanwhile).
    case resume(Continuation, ValuesDelivery<Element>)
  }

  /// What the storage does after the consumer cancelled or went away.
  @usableFromInline @frozen
  struct CancelAction {
    /// A waiting consumer to resume with `nil`.
    @usableFromInline var continuation: Continuation?
    /// The subscription to dispose.
    @usableFromInline var subscription: Subscription?
    /// Buffered elements, handed back so they are released outside the lock.
    @usableFromInline var discarded: ContiguousArray<Element>

    @inlinable
    init(continuation: Continuation?, subscription: Subscription?, discarded: ContiguousArray<Element>) {
      self.continuation = continuation
      self.subscription = subscription
      self.discarded = discarded
    }
  }

  @usableFromInline let policy: AsyncBufferingPolicy
  @usableFromInline var phase: Phase
  /// Set in `.active` and `.waiting` once `subscribe` returned.
  @usableFromInline var subscription: Subscription?
  /// Set exactly in `.waiting`.
  @usableFromInline var continuation: Continuation?
  /// In `.draining`: the error to throw after the buffer (`nil` for completion).
  @usableFromInline var failure: (any Error)?
  /// Undelivered elements from `head` on; the prefix before `head` was delivered already.
  @usableFromInline var buffer: ContiguousArray<Element>
  @usableFromInline var head: Int
  /// Whether `subscribe` has returned; it may return after the sequence already ended.
  @usableFromInline var isSubscribed: Bool

  @inlinable
  init(policy: AsyncBufferingPolicy) {
    self.policy = policy.normalized
    phase = .active
    subscription = nil
    continuation = nil
    failure = nil
    buffer = []
    head = 0
    isSubscribed = false
  }

  /// The number of undelivered elements.
  @inlinable
  var bufferedCount: Int { buffer.count &- head }

  /// `subscribe` returned `subscription`. Returns it when it must be disposed at once (the
  /// sequence already ended while subscribing).
  @inlinable
  mutating func subscribed(_ subscription: Subscription) -> Subscription? {
    precondition(!isSubscribed, "Internal inconsistency: a values iterator was subscribed twice")
    isSubscribed = true
    switch phase {
    case .active, .waiting:
      self.subscription = subscription
      return nil
    case .draining, .finished:
      return subscription
    }
  }

  /// The upstream sent `element`.
  @inlinable
  mutating func received(_ element: Element) -> ReceiveAction {
    switch phase {
    case .active:
      switch policy {
      case .unbounded:
        buffer.append(element)
      case .bufferingNewest(let limit):
        guard limit > 0 else { return .none }
        if bufferedCount == limit { dropFirst() }
        buffer.append(element)
      case .bufferingOldest(let limit):
        if bufferedCount < limit { buffer.append(element) }
      case .failOnOverflow(let limit):
        guard bufferedCount < limit else {
          phase = .draining
          failure = AsyncBridgeError.bufferOverflow(limit: limit)
          return .dispose(takeSubscription())
        }
        buffer.append(element)
      }
      return .none
    case .waiting:
      phase = .active
      return .resume(takeContinuation()!, element)
    case .draining, .finished:
      return .none
    }
  }

  /// The upstream ended: completed (`failure` is `nil`) or failed.
  @inlinable
  mutating func receivedEnd(failure: (any Error)?) -> TerminalAction {
    switch phase {
    case .active:
      phase = .draining
      self.failure = failure
      return .dispose(takeSubscription())
    case .waiting:
      phase = .finished
      return .resume(takeContinuation()!, failure: failure, dispose: takeSubscription())
    case .draining, .finished:
      return .none
    }
  }

  /// The consumer asks for the next element without suspending. `batch` must be empty; with the
  /// unbounded policy the whole buffer is moved into it, so that the consumer takes the lock once
  /// per batch instead of once per element.
  @inlinable
  mutating func next(into batch: inout ContiguousArray<Element>) -> NextAction {
    switch phase {
    case .active:
      return bufferedCount == 0 ? .suspend : take(into: &batch)
    case .draining:
      if bufferedCount > 0 { return take(into: &batch) }
      return .end(failure: finish())
    case .finished:
      return .end(failure: nil)
    case .waiting:
      // Only reachable if two copies of one iterator are awaited at once, which its non-Sendable
      // type rules out; end the second consumer rather than trap.
      return .end(failure: nil)
    }
  }

  /// The consumer suspended with `continuation` after ``next(into:)`` said `.suspend`.
  @inlinable
  mutating func suspended(_ continuation: Continuation) -> SuspendAction {
    switch phase {
    case .active:
      guard bufferedCount > 0 else {
        phase = .waiting
        self.continuation = continuation
        return .none
      }
      return .resume(continuation, .element(popFirst()))
    case .draining:
      if bufferedCount > 0 { return .resume(continuation, .element(popFirst())) }
      return .resume(continuation, .end(failure: finish()))
    case .finished, .waiting:
      return .resume(continuation, .end(failure: nil))
    }
  }

  /// The consumer's iterator was released: end everything and discard the buffer. (Task
  /// cancellation is an end instead: ``receivedEnd(failure:)`` with `CancellationError`.)
  @inlinable
  mutating func cancelled() -> CancelAction {
    let action = CancelAction(
      continuation: takeContinuation(), subscription: takeSubscription(), discarded: takeBuffer())
    phase = .finished
    failure = nil
    return action
  }

  /// Moves to `.finished`; returns the failure to deliver.
  @inlinable
  mutating func finish() -> (any Error)? {
    phase = .finished
    defer { failure = nil }
    return failure
  }

  @inlinable
  mutating func takeSubscription() -> Subscription? {
    defer { subscription = nil }
    return subscription
  }

  @inlinable
  mutating func takeContinuation() -> Continuation? {
    defer { continuation = nil }
    return continuation
  }

  @inlinable
  mutating func take(into batch: inout ContiguousArray<Element>) -> NextAction {
    guard case .unbounded = policy else { return .element(popFirst()) }
    if head == 0 {
      swap(&buffer, &batch)
    } else {
      batch.append(contentsOf: buffer[head...])
      buffer.removeAll(keepingCapacity: true)
      head = 0
    }
    return .batch
  }

  /// Removes and returns the oldest undelivered element; the buffer must not be empty.
  @inlinable
  mutating func popFirst() -> Element {
    let element = buffer[head]
    dropFirst()
    return element
  }

  /// Forgets the oldest undelivered element. The delivered prefix is removed once it is at least
  /// half of the array, so this is amortized O(1) and keeps at most about `max(8, limit)` delivered
  /// elements alive.
  @inlinable
  mutating func dropFirst() {
    head &+= 1
    if head == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 8, head &* 2 >= buffer.count {
      buffer.removeFirst(head)
      head = 0
    }
  }

  @inlinable
  mutating func takeBuffer() -> ContiguousArray<Element> {
    var taken: ContiguousArray<Element> = []
    swap(&taken, &buffer)
    head = 0
    return taken
  }
}

extension ValuesStateMachine: Sendable where Element: Sendable, Continuation: Sendable, Subscription: Sendable {}
extension ValuesStateMachine.Phase: Sendable {}
