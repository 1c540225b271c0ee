/// Effects decided under a lock and performed after it: in the order they were decided, by one
/// thread at a time, and never while the lock is held.
///
/// The package's one shape for "state under a lock, effects after it". The outbox lives in the
/// locked state. In the critical section, a change of state posts its effects (events for an
/// observer, actions, continuations to resume) and then calls ``claimDelivery()``: `true` makes
/// the calling thread the deliverer. After unlocking, the deliverer takes the effects one by one
/// with ``next()`` (each under the lock) and performs them outside it, until `next()` finds the
/// outbox empty and ends its turn: ``LockedState/deliver(_:_:)``, the one loop that does so.
/// Threads that post meanwhile, and effects that re-enter from the deliverer's own callbacks,
/// find a deliverer at work and return at once: their effects are performed by the same loop,
/// after the current one. So effects never overlap, keep their order, and an observer that calls
/// back into the owner finds it unlocked.
///
/// ```swift
/// let deliver = state.withLock { state in
///   state.outbox.post(.next(element))
///   return state.outbox.claimDelivery()
/// }
/// if deliver { state.deliver(\.outbox, perform) }
/// ```
///
/// Not thread-safe by itself: every call is made under the owner's lock.
package struct Outbox<Effect> {
  @usableFromInline var effects = Queue<Effect>()
  @usableFromInline var isDelivering = false

  /// An empty outbox with no deliverer.
  @inlinable package init() {}

  /// Whether no effect waits.
  @inlinable package var isEmpty: Bool { effects.isEmpty }

  /// Queues `effect` after every effect posted before it.
  @inlinable package mutating func post(_ effect: Effect) {
    effects.enqueue(effect)
  }

  /// Queues `effects`, in order, after every effect posted before them.
  @inlinable package mutating func post<Effects: Sequence>(contentsOf effects: Effects)
  where Effects.Element == Effect {
    for effect in effects { self.effects.enqueue(effect) }
  }

  /// Whether the caller must deliver: effects wait and no thread is delivering. When it returns
  /// `true`, the caller is the deliverer until ``next()`` returns `nil`.
  @inlinable package mutating func claimDelivery() -> Bool {
    guard !isDelivering, !effects.isEmpty else { return false }
    isDelivering = true
    return true
  }

  /// ``claimDelivery()`` and the first effect in one critical section: the effect the caller
  /// performs first as the deliverer (then it continues with ``next()``, as
  /// ``LockedState/deliver(_:_:)`` does), or `nil` when it must not deliver. Saves the deliverer one
  /// turn of the lock.
  @inlinable package mutating func claimFirst() -> Effect? {
    guard claimDelivery() else { return nil }
    return effects.dequeue()
  }

  /// The deliverer's next effect; `nil` when none is left, which ends the deliverer's turn.
  @inlinable package mutating func next() -> Effect? {
    guard !effects.isEmpty else {
      isDelivering = false
      return nil
    }
    return effects.dequeue()
  }

  /// Takes every waiting effect out, undelivered (they are released by the caller, after
  /// unlocking: an effect may own an observer). A deliverer at work ends its turn at its next
  /// ``next()``.
  @inlinable package mutating func removeAll() -> Queue<Effect> {
    defer { effects = Queue() }
    return effects
  }
}

extension Outbox: Sendable where Effect: Sendable {}

extension LockedState {
  /// The deliverer's turn (see ``Outbox``): takes the effects of the outbox at `outbox` one at a
  /// time, each under the lock, and performs each after unlocking, until the outbox is found
  /// empty, which ends the turn. Call it only when ``Outbox/claimDelivery()`` returned `true`.
  package func deliver<Effect>(_ outbox: WritableKeyPath<State, Outbox<Effect>>, _ perform: (Effect) -> Void) {
    deliver(taking: { $0[keyPath: outbox].next() }, perform)
  }

  /// The deliverer's turn for an owner whose state hands out its effects itself: `next` takes the
  /// next effect under the lock (`nil` ends the turn, as ``Outbox/next()`` does), and `perform`
  /// performs it after unlocking.
  package func deliver<Effect>(taking next: (inout State) -> Effect?, _ perform: (Effect) -> Void) {
    while let effect = withLock(next) { perform(effect) }
  }
}
