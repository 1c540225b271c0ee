import Foundation

/// The rules of a ``LaunchQueue``, free of locks, clocks and tasks.
///
/// Each input is a past-tense fact (`enqueued`, `attemptReturned`) with the time the storage read
/// from the clock; each returns ``Effects``: what the storage must do once it has released its
/// lock. The machine never calls user code and never resumes anything itself.
///
/// Invariants, in every phase: at most one task runs; a task is either waiting (in `pending`, the
/// heap and, for a named key, `pendingByKey`), running, or gone; once started and not running,
/// nothing is waiting.
struct LaunchQueueStateMachine<Rank: Comparable & Sendable>: Sendable {
  /// A task accepted by the queue, with the parameter of its enqueue call.
  struct Job: Sendable {
    let info: LaunchTaskInfo<Rank>
    let parameter: (any Sendable)?
    let operation: LaunchTask<Rank>.Operation
  }

  /// The task that is running.
  private struct Run: Sendable {
    let job: Job
    /// Identifies the Swift task of the current attempt.
    let token: UInt64
    let attempt: Int
    let attemptStartedAt: TimeInterval
    /// The Swift task of the current attempt, once the storage has created it.
    var handle: Task<Void, Never>?
    /// Whether this task, or the whole queue, was cancelled while it ran.
    var cancelRequested = false
  }

  /// What a waiter of ``LaunchQueue/finished()`` learns.
  enum FinishedWait: Sendable {
    case ended(LaunchOutcome)
    case waitCancelled
  }

  /// A continuation to resume, with its value.
  enum Resumption: Sendable {
    case idle(CheckedContinuation<Void, Never>)
    case finished(CheckedContinuation<FinishedWait, Never>, FinishedWait)
  }

  /// What the storage must do after unlocking, in this order: deliver `events`, then (if
  /// `endStreams`) complete the event streams, then perform `resumptions`, all in one ordered
  /// delivery; cancel `cancel`; start a Swift task for attempt `execute`.
  struct Effects: Sendable {
    var events: [LaunchEvent<Rank>] = []
    var endStreams = false
    var resumptions: [Resumption] = []
    var cancel: Task<Void, Never>?
    var execute: UInt64?
  }

  /// What the Swift task of an attempt must do.
  enum AttemptStart: Sendable {
    /// Run the operation with this context.
    case run(LaunchTask<Rank>.Operation, parameter: (any Sendable)?, info: LaunchTaskInfo<Rank>, attempt: Int)
    /// The task was cancelled before its operation was called: report it as cancelled at once.
    case cancelled
  }

  private enum Phase: Sendable {
    /// Tasks are accepted and wait for ``start(at:)``.
    case notStarted
    /// Tasks run one at a time as they come.
    case started
    /// ``cancelAll(at:)`` was called while a task ran; the queue ends when it returns. New tasks are
    /// rejected.
    case cancelling
    /// Nothing will run any more; new tasks are rejected.
    case ended(LaunchOutcome)
  }

  private var phase = Phase.notStarted
  private var finishRequested = false
  private var heap = FairHeap<Rank, LaunchTaskID>()
  private var pending: [LaunchTaskID: Job] = [:]
  private var pendingByKey: [String: LaunchTaskID] = [:]
  private var running: Run?
  private var idleReported = false
  private var lastTaskID: UInt64 = 0
  private var lastToken: UInt64 = 0
  private var idleWaiters = Waiters<Void>()
  private var finishedWaiters = Waiters<FinishedWait>()

  /// Whether the queue is started with nothing waiting or running, or has ended.
  private var isIdleOrEnded: Bool {
    switch phase {
    case .started: return running == nil && heap.isEmpty
    case .ended: return true
    case .notStarted, .cancelling: return false
    }
  }

  /// The outcome, once the queue has ended.
  var outcome: LaunchOutcome? {
    if case .ended(let outcome) = phase { return outcome }
    return nil
  }

  // MARK: - Inputs from the public API

  /// A caller enqueued `task`.
  mutating func enqueued(
    _ task: LaunchTask<Rank>, parameter: (any Sendable)?, key: LaunchKey?, policy: LaunchDuplicatePolicy,
    at now: TimeInterval
  ) -> (LaunchEnqueueResult, Effects) {
    switch phase {
    case .ended(let outcome): return (.rejected(outcome), Effects())
    case .cancelling: return (.rejected(.cancelled), Effects())
    case .notStarted, .started: break
    }
    var effects = Effects()
    lastTaskID += 1
    let id = LaunchTaskID(rawValue: lastTaskID)
    let info = LaunchTaskInfo(
      id: id, rank: task.rank, name: task.name, key: key ?? task.key, policy: task.policy,
      runsOnMainActor: task.runsOnMainActor)
    let job = Job(info: info, parameter: parameter, operation: task.operation)

    let result: LaunchEnqueueResult
    if let name = info.key.name, let existing = pendingByKey[name] {
      switch policy.kind {
      case .keepExisting:
        effects.events.append(.skipped(info, reason: .duplicate(of: existing)))
        return (.keptExisting(existing), effects)
      case .replaceExisting:
        let replaced = removePending(existing)
        insertPending(job)
        effects.events.append(.enqueued(info))
        effects.events.append(.skipped(replaced.info, reason: .replaced(by: id)))
        result = .replaced(id, previous: existing)
      }
    } else {
      insertPending(job)
      effects.events.append(.enqueued(info))
      result = .queued(id)
    }
    if case .started = phase, running == nil { advance(at: now, into: &effects) }
    return (result, effects)
  }

  /// A caller started the queue; returns whether this call was the one that started it.
  mutating func started(at now: TimeInterval) -> (Bool, Effects) {
    guard case .notStarted = phase else { return (false, Effects()) }
    var effects = Effects()
    phase = .started
    advance(at: now, into: &effects)
    return (true, effects)
  }

  /// A caller said that start-up has been fully enqueued.
  mutating func finishRequested(at now: TimeInterval) -> Effects {
    var effects = Effects()
    guard !finishRequested else { return effects }
    finishRequested = true
    if case .started = phase, running == nil { advance(at: now, into: &effects) }
    return effects
  }

  /// A caller cancelled the whole queue, or released it.
  mutating func cancelledAll(at now: TimeInterval) -> Effects {
    var effects = Effects()
    switch phase {
    case .ended, .cancelling:
      return effects
    case .notStarted, .started:
      for id in heap.removeAllOrdered() {
        effects.events.append(.skipped(removePending(id, fromHeap: false).info, reason: .cancelled))
      }
      if var run = running {
        run.cancelRequested = true
        running = run
        phase = .cancelling
        effects.cancel = run.handle
      } else {
        end(.cancelled, into: &effects)
      }
      return effects
    }
  }

  /// A caller cancelled one task; returns whether it was waiting or running.
  mutating func cancelled(_ id: LaunchTaskID) -> (Bool, Effects) {
    var effects = Effects()
    if pending[id] != nil {
      // Only reachable while not started or while another task runs, so nothing else changes.
      effects.events.append(.skipped(removePending(id).info, reason: .cancelled))
      return (true, effects)
    }
    if var run = running, run.job.info.id == id {
      if !run.cancelRequested {
        run.cancelRequested = true
        running = run
        effects.cancel = run.handle
      }
      return (true, effects)
    }
    return (false, effects)
  }

  // MARK: - Inputs from the Swift task of an attempt

  /// The storage created the Swift task of attempt `token`; returns it if it must be cancelled at once.
  mutating func attemptTaskCreated(_ token: UInt64, handle: Task<Void, Never>) -> Task<Void, Never>? {
    guard var run = running, run.token == token else { return nil }  // It already returned.
    run.handle = handle
    running = run
    return run.cancelRequested ? handle : nil
  }

  /// The Swift task of attempt `token` began and asks what to run.
  func attemptBegan(_ token: UInt64) -> AttemptStart {
    guard let run = running, run.token == token else {
      preconditionFailure("Internal inconsistency: attempt \(token) began but is not the running one")
    }
    if run.cancelRequested { return .cancelled }
    return .run(run.job.operation, parameter: run.job.parameter, info: run.job.info, attempt: run.attempt)
  }

  /// The operation of attempt `token` returned or threw.
  mutating func attemptReturned(_ token: UInt64, result: Result<Void, any Error>, at now: TimeInterval) -> Effects {
    guard let run = running, run.token == token else {
      preconditionFailure("Internal inconsistency: attempt \(token) returned but is not the running one")
    }
    running = nil
    var effects = Effects()
    let info = run.job.info
    let duration = Swift.max(0, now - run.attemptStartedAt)
    let cancelled: Bool
    if case .cancelling = phase { cancelled = true } else { cancelled = run.cancelRequested }

    switch result {
    case .success:
      effects.events.append(.finished(info, duration: duration))
    case .failure where cancelled:
      effects.events.append(.cancelled(info, duration: duration))
    case .failure(let error):
      let willRetry = run.attempt <= info.policy.retries
      effects.events.append(
        .failed(
          info, LaunchAttemptFailure(error: error, attempt: run.attempt, duration: duration, willRetry: willRetry)))
      if willRetry {
        begin(run.job, attempt: run.attempt + 1, at: now, into: &effects)
        return effects
      }
      if info.policy.isRequired {
        let failure = LaunchFailure(
          task: info.name, taskID: info.id, rank: String(describing: info.rank), attempts: run.attempt,
          underlying: error)
        for id in heap.removeAllOrdered() {
          effects.events.append(.skipped(removePending(id, fromHeap: false).info, reason: .startUpStopped(failure)))
        }
        end(.failed(failure), into: &effects)
        return effects
      }
    }
    advance(at: now, into: &effects)
    return effects
  }

  // MARK: - Waiters

  /// A caller of ``LaunchQueue/idle()`` is about to suspend.
  mutating func idleWaiterReserved() -> UInt64 { idleWaiters.reserve() }

  /// A caller of ``LaunchQueue/idle()`` suspended.
  mutating func idleWaiterSuspended(_ id: UInt64, _ continuation: CheckedContinuation<Void, Never>) -> Effects {
    var effects = Effects()
    if idleWaiters.attach(id, continuation, settled: isIdleOrEnded ? () : nil) != nil {
      effects.resumptions.append(.idle(continuation))
    }
    return effects
  }

  /// A caller of ``LaunchQueue/idle()`` was cancelled; returns its continuation if it was suspended.
  mutating func idleWaiterCancelled(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
    idleWaiters.resolve(id, with: ())
  }

  /// A caller of ``LaunchQueue/finished()`` is about to suspend.
  mutating func finishedWaiterReserved() -> UInt64 { finishedWaiters.reserve() }

  /// A caller of ``LaunchQueue/finished()`` suspended.
  mutating func finishedWaiterSuspended(
    _ id: UInt64, _ continuation: CheckedContinuation<FinishedWait, Never>
  ) -> Effects {
    var effects = Effects()
    if let value = finishedWaiters.attach(id, continuation, settled: outcome.map { .ended($0) }) {
      effects.resumptions.append(.finished(continuation, value))
    }
    return effects
  }

  /// A caller of ``LaunchQueue/finished()`` was cancelled; returns its continuation if it was suspended.
  mutating func finishedWaiterCancelled(_ id: UInt64) -> CheckedContinuation<FinishedWait, Never>? {
    finishedWaiters.resolve(id, with: .waitCancelled)
  }

  // MARK: - Transitions

  /// Starts the next waiting task, or reports idle (and ends if finishing). Requires that nothing runs.
  private mutating func advance(at now: TimeInterval, into effects: inout Effects) {
    precondition(running == nil, "Internal inconsistency: advancing while a task runs")
    switch phase {
    case .notStarted, .ended:
      return
    case .cancelling:
      end(.cancelled, into: &effects)
    case .started:
      if let id = heap.popMin() {
        idleReported = false
        begin(removePending(id, fromHeap: false), attempt: 1, at: now, into: &effects)
        return
      }
      if !idleReported {
        idleReported = true
        effects.events.append(.idle)
      }
      for continuation in idleWaiters.resolveAll(with: ()) {
        effects.resumptions.append(.idle(continuation))
      }
      if finishRequested { end(.finished, into: &effects) }
    }
  }

  private mutating func begin(_ job: Job, attempt: Int, at now: TimeInterval, into effects: inout Effects) {
    lastToken += 1
    running = Run(job: job, token: lastToken, attempt: attempt, attemptStartedAt: now)
    effects.events.append(.started(job.info, attempt: attempt))
    effects.execute = lastToken
  }

  private mutating func end(_ outcome: LaunchOutcome, into effects: inout Effects) {
    precondition(running == nil && heap.isEmpty, "Internal inconsistency: ending with tasks left")
    phase = .ended(outcome)
    effects.events.append(.ended(outcome))
    effects.endStreams = true
    for continuation in idleWaiters.resolveAll(with: ()) {
      effects.resumptions.append(.idle(continuation))
    }
    for continuation in finishedWaiters.resolveAll(with: .ended(outcome)) {
      effects.resumptions.append(.finished(continuation, .ended(outcome)))
    }
  }

  private mutating func insertPending(_ job: Job) {
    pending[job.info.id] = job
    heap.insert(job.info.id, priority: job.info.rank)
    if let name = job.info.key.name { pendingByKey[name] = job.info.id }
  }

  private mutating func removePending(_ id: LaunchTaskID, fromHeap: Bool = true) -> Job {
    guard let job = pending.removeValue(forKey: id) else {
      preconditionFailure("Internal inconsistency: task \(id) is not waiting")
    }
    if fromHeap { heap.removeFirst { $0 == id } }
    if let name = job.info.key.name, pendingByKey[name] == id { pendingByKey[name] = nil }
    return job
  }
}
