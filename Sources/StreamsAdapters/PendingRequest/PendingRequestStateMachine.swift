import Streams

/// The state behind ``PendingRequest``: pure, events in, actions out. ``PendingRequestStorage``
/// holds it under a lock and performs the actions after unlocking.
///
/// A *waiter* is one `run` call. A *request* is one call of the SDK: its owner is the waiter that
/// called `start`; with the `join` policy other waiters share it. With `enqueue`, waiters wait in
/// a FIFO queue for their turn to become the owner of the next request.
struct PendingRequestStateMachine<Value: Sendable>: Sendable {
  /// What a suspended waiter is woken with.
  enum Wake: Sendable {
    /// Enqueued waiter: the slot is yours; call `start` now.
    case yourTurn
    /// The request's value.
    case value(Value)
  }

  typealias Continuation = BridgeContinuation<Wake>

  /// One `run` call.
  struct Waiter: Sendable {
    let id: UInt64
    /// Set while the waiter is suspended; `nil` between being told `yourTurn` and `beginTurn`.
    var continuation: Continuation?
    var timer: TimeoutTimer?
    /// The error the waiter must get at `beginTurn`, when it left (timeout, cancellation,
    /// `failAll`) while it had no continuation.
    var pendingError: (any Error)?
  }

  /// An enqueued waiter and the request it will make.
  struct Queued: Sendable {
    var waiter: Waiter
    let sender: ObjectIdentifier?
    let cancellation: Cancellation?
  }

  /// Where the current request is.
  enum Phase: Sendable {
    /// Its owner was told `yourTurn` but has not called `start` yet. Callbacks now are stale.
    case reserved
    /// `start` is running: a synchronous callback may resolve it; a cancellation's hook is owed
    /// until `start` returns.
    case starting
    /// `start` returned; the request waits for the delegate's callback.
    case started
  }

  /// The SDK call in flight.
  struct Request: Sendable {
    /// The owner's waiter id.
    let id: UInt64
    var phase: Phase
    let sender: ObjectIdentifier?
    let cancellation: Cancellation?
    /// The owner first, then joined waiters.
    var waiters: [Waiter]
  }

  /// A continuation to resume, outside the lock.
  struct Resumption: Sendable {
    let continuation: Continuation
    let outcome: Result<Wake, any Error>
  }

  /// Side effects, performed in this order outside the lock: cancel `timers`, run `hook`, resume
  /// `resumptions`, report `diagnostic`; then, for `arrive`/`beginTurn`, call `start` if
  /// `callStart`.
  struct Action: Sendable {
    var timers: [TimeoutTimer] = []
    var hook: Cancellation?
    var resumptions: [Resumption] = []
    var diagnostic: AdapterDiagnostic.Kind?
    var callStart = false
    /// The waiter is registered and waits: arm its timeout.
    var armTimer = false
  }

  let overlap: PendingRequest<Value>.Overlap
  private var nextID: UInt64 = 0
  private var request: Request?
  private var queue: [Queued] = []
  /// Requests that ended by cancellation, timeout or supersession while `start` ran: their owner
  /// runs the cancel hook when `start` returns.
  private var hookOwed: Set<UInt64> = []

  init(overlap: PendingRequest<Value>.Overlap) {
    self.overlap = overlap
  }

  var isPending: Bool { request != nil }

  mutating func makeID() -> UInt64 {
    nextID &+= 1
    return nextID
  }

  // MARK: Waiters

  /// A `run` call arrived. `isCancelled` is read under the lock, so a cancellation is either seen
  /// here or finds the registered waiter.
  mutating func arrive(
    id: UInt64, continuation: Continuation, sender: ObjectIdentifier?, cancellation: Cancellation?,
    isCancelled: Bool
  ) -> Action {
    var action = Action()
    if isCancelled {
      action.resumes(continuation, .failure(CancellationError()))
      return action
    }
    let waiter = Waiter(id: id, continuation: continuation)
    guard var current = request else {
      request = Request(id: id, phase: .starting, sender: sender, cancellation: cancellation, waiters: [waiter])
      action.callStart = true
      action.armTimer = true
      return action
    }
    switch overlap {
    case .reject:
      action.resumes(continuation, .failure(AdapterError.alreadyPending))
    case .join:
      // Only `.enqueue` reserves the slot, so the current request has started.
      current.waiters.append(waiter)
      request = current
      action.armTimer = true
    case .supersede:
      for waiter in current.waiters { action.finish(waiter, with: .failure(AdapterError.superseded)) }
      cancelSDK(current, into: &action)
      request = Request(id: id, phase: .starting, sender: sender, cancellation: cancellation, waiters: [waiter])
      action.callStart = true
      action.armTimer = true
    case .enqueue:
      queue.append(Queued(waiter: waiter, sender: sender, cancellation: cancellation))
      action.armTimer = true
    }
    return action
  }

  /// An enqueued waiter, told `yourTurn`, is about to call `start`.
  mutating func beginTurn(id: UInt64, continuation: Continuation) -> Action {
    var action = Action()
    guard var current = request, current.id == id, current.phase == .reserved, var owner = current.waiters.first
    else {
      preconditionFailure("Internal inconsistency: beginTurn without a reserved slot")
    }
    if let error = owner.pendingError {
      // It left while it had no continuation: the slot passes on, nothing was started.
      if let timer = owner.timer { action.timers.append(timer) }
      action.resumes(continuation, .failure(error))
      request = nil
      advanceQueue(into: &action)
      return action
    }
    owner.continuation = continuation
    current.waiters[0] = owner
    current.phase = .starting
    request = current
    action.callStart = true
    return action
  }

  /// The timer of waiter `id` started; returns it if it must be cancelled at once.
  mutating func timerStarted(id: UInt64, timer: TimeoutTimer) -> TimeoutTimer? {
    if var current = request, let index = current.waiters.firstIndex(where: { $0.id == id }) {
      current.waiters[index].timer = timer
      request = current
      return nil
    }
    if let index = queue.firstIndex(where: { $0.waiter.id == id }) {
      queue[index].waiter.timer = timer
      return nil
    }
    return timer
  }

  /// Waiter `id` gives up: its task was cancelled (`CancellationError`) or its timeout elapsed
  /// (``AdapterError/timedOut``). When the last waiter of a started request leaves, the request is
  /// cancelled: its hook runs once and the slot is free.
  mutating func leave(id: UInt64, error: any Error) -> Action {
    var action = Action()
    if let index = queue.firstIndex(where: { $0.waiter.id == id }) {
      let queued = queue.remove(at: index)
      action.finish(queued.waiter, with: .failure(error))
      return action
    }
    guard var current = request, let index = current.waiters.firstIndex(where: { $0.id == id }) else {
      return action  // already resolved: nothing to do
    }
    if current.phase == .reserved {
      // The owner was told `yourTurn` and has no continuation: it gets the error at `beginTurn`.
      current.waiters[index].pendingError = error
      request = current
      return action
    }
    let waiter = current.waiters.remove(at: index)
    action.finish(waiter, with: .failure(error))
    if current.waiters.isEmpty {
      request = nil
      cancelSDK(current, into: &action)
      advanceQueue(into: &action)
    } else {
      request = current
    }
    return action
  }

  // MARK: The owner's start

  /// `start` of request `id` returned. Returns whether the owner must run its cancel hook now
  /// (the request was cancelled while `start` ran).
  mutating func startReturned(id: UInt64) -> Bool {
    if var current = request, current.id == id, current.phase == .starting {
      current.phase = .started
      request = current
      return false
    }
    return hookOwed.remove(id) != nil
  }

  /// `start` of request `id` threw: every waiter of that request gets the error.
  mutating func startThrew(id: UInt64, error: any Error) -> Action {
    var action = Action()
    hookOwed.remove(id)
    guard let current = request, current.id == id else { return action }
    request = nil
    for waiter in current.waiters { action.finish(waiter, with: .failure(error)) }
    advanceQueue(into: &action)
    return action
  }

  // MARK: The delegate's side

  /// The delegate called back from `sender` (or from an unknown object, `nil`).
  mutating func resume(from sender: ObjectIdentifier?, with outcome: Result<Value, any Error>) -> (Action, Bool) {
    var action = Action()
    guard let current = request, current.phase != .reserved else {
      action.diagnostic = .unexpectedCallback
      return (action, false)
    }
    if let expected = current.sender, expected != sender {
      action.diagnostic = .staleCallback
      return (action, false)
    }
    request = nil
    let wake = outcome.map { Wake.value($0) }
    for waiter in current.waiters { action.finish(waiter, with: wake) }
    advanceQueue(into: &action)
    return (action, true)
  }

  /// Fails the current request and every queued waiter with `error`; no hook runs.
  mutating func failAll(_ error: any Error) -> Action {
    var action = Action()
    let queued = queue
    queue = []
    for entry in queued { action.finish(entry.waiter, with: .failure(error)) }
    guard var current = request else { return action }
    if current.phase == .reserved {
      current.waiters[0].pendingError = error
      request = current
      return action
    }
    request = nil
    hookOwed.remove(current.id)
    for waiter in current.waiters { action.finish(waiter, with: .failure(error)) }
    return action
  }

  // MARK: Helpers

  /// The SDK call of `ended` was abandoned: run its hook now, or once its `start` returned.
  private mutating func cancelSDK(_ ended: Request, into action: inout Action) {
    switch ended.phase {
    case .reserved:
      break
    case .starting:
      hookOwed.insert(ended.id)
    case .started:
      action.hook = ended.cancellation
    }
  }

  /// The slot is free: the first enqueued waiter becomes the owner of the next request.
  private mutating func advanceQueue(into action: inout Action) {
    guard request == nil, !queue.isEmpty else { return }
    var next = queue.removeFirst()
    guard let continuation = next.waiter.continuation else {
      preconditionFailure("Internal inconsistency: an enqueued waiter without a continuation")
    }
    next.waiter.continuation = nil
    request = Request(
      id: next.waiter.id, phase: .reserved, sender: next.sender, cancellation: next.cancellation,
      waiters: [next.waiter])
    action.resumes(continuation, .success(.yourTurn))
  }
}

extension PendingRequestStateMachine.Action {
  fileprivate mutating func resumes(
    _ continuation: PendingRequestStateMachine.Continuation,
    _ outcome: Result<PendingRequestStateMachine.Wake, any Error>
  ) {
    resumptions.append(.init(continuation: continuation, outcome: outcome))
  }

  /// Resolves `waiter` (which must hold a continuation) and cancels its timer.
  fileprivate mutating func finish(
    _ waiter: PendingRequestStateMachine.Waiter, with outcome: Result<PendingRequestStateMachine.Wake, any Error>
  ) {
    if let timer = waiter.timer { timers.append(timer) }
    guard let continuation = waiter.continuation else {
      preconditionFailure("Internal inconsistency: finishing a waiter without a continuation")
    }
    resumes(continuation, outcome)
  }
}
