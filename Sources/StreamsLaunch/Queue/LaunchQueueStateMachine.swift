import Dispatch
import Foundation
import Streams

/// The rules of a ``LaunchQueue``, free of locks, clocks and tasks.
///
/// Each input is a past-tense fact (`enqueued`, `attemptReturned`) with the time the storage read
/// from the clock; each returns ``Effects``: what the storage must do once it has released its
/// lock. The machine never calls user code and never resumes anything itself.
///
/// Invariants, in every phase: a task is either waiting (in `pending`; then blocked on a
/// dependency in `blocked`, or ready in its pool), running (in `running`, holding a seat),
/// about to be retried (in `cooling`), or gone; a pool never runs more tasks than it has slots;
/// once started, a pool with a free slot has nothing ready.
struct LaunchQueueStateMachine<Rank: Comparable & Sendable>: Sendable {
  typealias Graph = LaunchDependencyGraph<Rank>

  /// A task accepted by the queue, with the parameter of its enqueue call.
  struct Job: Sendable {
    let info: LaunchTaskInfo<Rank>
    let parameter: (any Sendable)?
    let operation: LaunchTask<Rank>.Operation
    let deadline: DispatchTimeInterval?
    /// The attempt it runs next.
    var attempt = 1
  }

  /// A task that is running.
  struct Run: Sendable {
    let job: Job
    let seat: LaunchLanePools<Rank>.Seat
    let attemptStartedAt: TimeInterval
    /// The Swift task of the current attempt, once the storage has created it.
    var handle: Task<Void, Never>?
    /// Whether this task, or the whole queue, was cancelled while it ran.
    var cancelRequested = false
    /// Whether the attempt overran its deadline and was cancelled for it.
    var deadlineExceeded = false
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

  /// Where an attempt that started in this transition runs, and after which tasks.
  struct Placement: Sendable {
    let lane: LaunchLane
    let slot: Int
    /// The tasks whose settlements met its needs.
    let after: [LaunchTaskID]
  }

  /// What the storage must do after unlocking, in this order: cancel `cancel`; arm a timer per
  /// `deadlines` (then call ``deadlinePassed(_:)``) and per `retries` (then call
  /// ``retryDelayElapsed(_:at:)``); deliver `events`, then (if `endStreams`) complete the event
  /// streams, then perform `resumptions`, all in one ordered delivery; start a Swift task for each
  /// attempt in `execute`. `placements` go to the report with the events.
  struct Effects: Sendable {
    var events: [LaunchEvent<Rank>] = []
    var placements: [LaunchTaskID: Placement] = [:]
    var endStreams = false
    var resumptions: [Resumption] = []
    var cancel: [Task<Void, Never>] = []
    var deadlines: [(token: UInt64, after: DispatchTimeInterval)] = []
    var retries: [(task: LaunchTaskID, after: TimeInterval)] = []
    var execute: [UInt64] = []
  }

  /// What the Swift task of an attempt must do.
  enum AttemptStart: Sendable {
    /// Run the operation with this context.
    case run(
      LaunchTask<Rank>.Operation, parameter: (any Sendable)?, info: LaunchTaskInfo<Rank>, attempt: Int,
      dependencies: [LaunchKey: Graph.Settlement])
    /// The task was cancelled (or overran) before its operation was called: report it at once.
    case cancelled
  }

  enum Phase: Sendable {
    /// Tasks are accepted and wait for ``started(at:)``.
    case notStarted
    /// Tasks run as their lanes and dependencies allow.
    case started
    /// The queue was cancelled, or a required task failed, while tasks ran; it ends with this
    /// outcome when the last one returns. New tasks are rejected.
    case stopping(LaunchOutcome)
    /// Nothing will run any more; new tasks are rejected.
    case ended(LaunchOutcome)
  }

  var phase = Phase.notStarted
  var finishRequested = false
  var lanes: LaunchLanePools<Rank>
  var graph = Graph()
  var pending: [LaunchTaskID: Job] = [:]
  var pendingByKey: [String: LaunchTaskID] = [:]
  var blocked = Set<LaunchTaskID>()
  var running: [UInt64: Run] = [:]
  var cooling: [LaunchTaskID: Job] = [:]
  var idleReported = false
  var lastTaskID: UInt64 = 0
  var lastToken: UInt64 = 0
  var idleWaiters = Waiters<Void>()
  var finishedWaiters = Waiters<FinishedWait>()

  init(concurrency: LaunchConcurrency) {
    lanes = LaunchLanePools(concurrency)
  }

  /// Whether the queue is started with nothing ready, running or about to be retried, or has ended.
  var isIdleOrEnded: Bool {
    switch phase {
    case .started: return running.isEmpty && cooling.isEmpty && lanes.nothingReady
    case .ended: return true
    case .notStarted, .stopping: return false
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
    case .ended(let outcome), .stopping(let outcome): return (.rejected(outcome), Effects())
    case .notStarted, .started: break
    }
    var effects = Effects()
    lastTaskID += 1
    let id = LaunchTaskID(rawValue: lastTaskID)
    let info = LaunchTaskInfo(
      id: id, rank: task.rank, name: task.name, key: key ?? task.key, policy: task.policy,
      runsOnMainActor: task.runsOnMainActor, needs: task.needs)
    let job = Job(info: info, parameter: parameter, operation: task.operation, deadline: task.deadline)

    let existing = info.key.name.flatMap { pendingByKey[$0] }
    if let existing, policy.kind == .keepExisting {
      effects.events.append(.skipped(info, reason: .duplicate(of: existing)))
      return (.keptExisting(existing), effects)
    }
    if let error = dependencyError(of: info) { return (.refused(error), effects) }
    effects.events.append(.enqueued(info))
    pending[id] = job
    if let name = info.key.name { pendingByKey[name] = id }
    graph.activated(info.key)
    var result = LaunchEnqueueResult.queued(id)
    if let existing {
      let replaced = removePending(existing)
      effects.events.append(.skipped(replaced.info, reason: .replaced(by: id)))
      _ = graph.deactivated(replaced.info.key, settling: nil)
      result = .replaced(id, previous: existing)
    }
    place(id, into: &effects)
    advance(at: now, into: &effects)
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
    advance(at: now, into: &effects)
    return effects
  }

  /// A caller cancelled the whole queue, or released it.
  mutating func cancelledAll(at now: TimeInterval) -> Effects {
    var effects = Effects()
    switch phase {
    case .ended, .stopping: break
    case .notStarted, .started: stop(.cancelled, failed: nil, into: &effects)
    }
    return effects
  }

  /// A caller cancelled one task; returns whether it was waiting, running or about to be retried.
  mutating func cancelled(_ id: LaunchTaskID, at now: TimeInterval) -> (Bool, Effects) {
    var effects = Effects()
    if pending[id] != nil {
      let job = removePending(id)
      effects.events.append(.skipped(job.info, reason: .cancelled))
      settle(job.info, .failure(CancellationError()), into: &effects)
    } else if let job = cooling.removeValue(forKey: id) {
      effects.events.append(.cancelled(job.info, duration: 0))
      settle(job.info, .failure(CancellationError()), into: &effects)
    } else if let (token, run) = running.first(where: { $0.value.job.info.id == id }) {
      if !run.cancelRequested {
        running[token]?.cancelRequested = true
        if let handle = run.handle { effects.cancel.append(handle) }
      }
      return (true, effects)
    } else {
      return (false, effects)
    }
    advance(at: now, into: &effects)
    return (true, effects)
  }

  // MARK: - Inputs from timers

  /// The deadline of attempt `token` passed.
  mutating func deadlinePassed(_ token: UInt64) -> Effects {
    var effects = Effects()
    guard let run = running[token], !run.deadlineExceeded, !run.cancelRequested else { return effects }
    running[token]?.deadlineExceeded = true
    if let handle = run.handle { effects.cancel.append(handle) }
    return effects
  }

  /// The wait before the retry of task `id` ended.
  mutating func retryDelayElapsed(_ id: LaunchTaskID, at now: TimeInterval) -> Effects {
    var effects = Effects()
    guard case .started = phase, let job = cooling.removeValue(forKey: id) else { return effects }
    pending[id] = job
    lanes.makeReady(job.info)
    advance(at: now, into: &effects)
    return effects
  }

  // MARK: - Inputs from the Swift task of an attempt

  /// The storage created the Swift task of attempt `token`; returns it if it must be cancelled at once.
  mutating func attemptTaskCreated(_ token: UInt64, handle: Task<Void, Never>) -> Task<Void, Never>? {
    guard let run = running[token] else { return nil }  // It already returned.
    running[token]?.handle = handle
    return run.cancelRequested || run.deadlineExceeded ? handle : nil
  }

  /// The Swift task of attempt `token` began and asks what to run.
  func attemptBegan(_ token: UInt64) -> AttemptStart {
    guard let run = running[token] else {
      preconditionFailure("Internal inconsistency: attempt \(token) began but is not running")
    }
    if run.cancelRequested || run.deadlineExceeded { return .cancelled }
    let info = run.job.info
    var dependencies: [LaunchKey: Graph.Settlement] = [:]
    for key in info.needs { dependencies[key] = graph.settled[key] }
    return .run(
      run.job.operation, parameter: run.job.parameter, info: info, attempt: run.job.attempt,
      dependencies: dependencies)
  }

  /// The operation of attempt `token` returned or threw.
  mutating func attemptReturned(
    _ token: UInt64, result: Result<(any Sendable)?, any Error>, at now: TimeInterval
  ) -> Effects {
    guard let run = running.removeValue(forKey: token) else {
      preconditionFailure("Internal inconsistency: attempt \(token) returned but is not running")
    }
    var effects = Effects()
    var job = run.job
    let info = job.info
    let duration = Swift.max(0, now - run.attemptStartedAt)
    var cancelled = run.cancelRequested
    if case .stopping = phase { cancelled = true }
    var result = result
    if run.deadlineExceeded && !cancelled, let deadline = job.deadline {
      result = .failure(LaunchDeadlineExceeded(task: info.name, deadline: deadline, attempt: job.attempt))
    }

    switch result {
    case .success(let value):
      effects.events.append(.finished(info, duration: duration))
      settle(info, .success(value), into: &effects)
    case .failure where cancelled:
      effects.events.append(.cancelled(info, duration: duration))
      settle(info, .failure(CancellationError()), into: &effects)
    case .failure(let error):
      let willRetry = job.attempt <= info.policy.retries
      effects.events.append(
        .failed(
          info, LaunchAttemptFailure(error: error, attempt: job.attempt, duration: duration, willRetry: willRetry)))
      if willRetry {
        let delay = info.policy.backoff.delay(beforeRetry: job.attempt)
        job.attempt += 1
        if delay <= 0 {
          begin(job, on: run.seat, at: now, into: &effects)
          return effects
        }
        cooling[info.id] = job
        effects.retries.append((info.id, delay))
      } else {
        fail(info, error: error, attempts: job.attempt, into: &effects)
      }
    }
    lanes.release(run.seat)
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
}
