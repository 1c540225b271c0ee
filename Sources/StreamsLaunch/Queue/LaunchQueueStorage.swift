import Foundation
import Streams

/// Holds a ``LaunchQueueStateMachine`` under a lock and performs its effects after unlocking.
///
/// Every input reads the time first (the scheduler is user code), then changes the machine, records
/// the events in the report and appends them to an outbox, all in one critical section; so the
/// outbox order is the order of the state changes. Then, with the lock released, it cancels, arms
/// the deadline and retry timers on the scheduler (before delivering, so whoever sees an event
/// knows its timer is armed), delivers, and starts the Swift tasks of the attempts that began.
///
/// Delivery is serialized without holding the lock (an ``Outbox``): the first thread to find the
/// outbox non-empty and nobody delivering becomes the deliverer and empties it until it stays empty.
/// Observers may call back into the queue; what they cause is appended and delivered by the same
/// loop after the current event. Continuations of `idle()` and `finished()` go through the outbox
/// too, so a waiter resumes only after every event before it was delivered.
final class LaunchQueueStorage<Rank: Comparable & Sendable>: Sendable {
  private typealias Machine = LaunchQueueStateMachine<Rank>

  /// One item of ordered delivery.
  private enum Delivery: Sendable {
    case event(LaunchEvent<Rank>)
    case endStreams
    case resume(Machine.Resumption)
  }

  private struct State: Sendable {
    var machine: Machine
    var recorder = LaunchReportRecorder<Rank>()
    var outbox = Outbox<Delivery>()
  }

  private let state: LockedState<State>
  private let subject = PublishSubject<LaunchEvent<Rank>>()
  /// Whose monotonic time (`monotonicNow`) times the tasks, and on which deadlines and retry waits run.
  private let scheduler: any SchedulerType

  init(scheduler: any SchedulerType, concurrency: LaunchConcurrency) {
    self.scheduler = scheduler
    state = LockedState(State(machine: Machine(concurrency: concurrency)))
  }

  /// The events, as a hot observable.
  var events: Observable<LaunchEvent<Rank>> { subject }

  // MARK: - Public API

  func enqueue(
    _ task: LaunchTask<Rank>, parameter: (any Sendable)?, key: LaunchKey?, onDuplicate policy: LaunchDuplicatePolicy
  ) -> LaunchEnqueueResult {
    transition { state, now in
      state.machine.enqueued(task, parameter: parameter, key: key, policy: policy, at: now)
    }
  }

  func start() {
    transition { state, now in
      let (started, effects) = state.machine.started(at: now)
      if started { state.recorder.queueStarted(at: now) }
      return ((), effects)
    }
  }

  func finish() {
    transition { state, now in ((), state.machine.finishRequested(at: now)) }
  }

  func cancelAll() {
    transition { state, now in ((), state.machine.cancelledAll(at: now)) }
  }

  func cancel(_ id: LaunchTaskID) -> Bool {
    transition { state, now in state.machine.cancelled(id, at: now) }
  }

  func report() -> LaunchReport<Rank> {
    let now = scheduler.monotonicNow
    return state.withLock { $0.recorder.report(at: now) }
  }

  func idle() async {
    if CurrentLaunchTask.marker?.queue == ObjectIdentifier(self) { return }
    let id = state.withLock { $0.machine.idleWaiterReserved() }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        transition { state, _ in ((), state.machine.idleWaiterSuspended(id, continuation)) }
      }
    } onCancel: {
      state.withLock { $0.machine.idleWaiterCancelled(id) }?.resume()
    }
  }

  func finished() async throws(LaunchError) {
    if let marker = CurrentLaunchTask.marker, marker.queue == ObjectIdentifier(self) {
      throw .waitedFromInsideTask(task: marker.task)
    }
    let id = state.withLock { $0.machine.finishedWaiterReserved() }
    let wait = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Machine.FinishedWait, Never>) in
        transition { state, _ in ((), state.machine.finishedWaiterSuspended(id, continuation)) }
      }
    } onCancel: {
      state.withLock { $0.machine.finishedWaiterCancelled(id) }?.resume(returning: .waitCancelled)
    }
    switch wait {
    case .ended(.finished): return
    case .ended(.failed(let failure)): throw .requiredTaskFailed(failure)
    case .ended(.cancelled): throw .cancelled
    case .waitCancelled: throw .waitCancelled
    }
  }

  // MARK: - Running attempts

  /// Starts the Swift task of attempt `token`.
  private func spawn(_ token: UInt64) {
    let task = Task.detached { [self] in
      let result = await invoke(token)
      transition { state, now in ((), state.machine.attemptReturned(token, result: result, at: now)) }
    }
    // Created outside the lock; the machine tells whether a cancellation arrived in the meantime.
    state.withLock { $0.machine.attemptTaskCreated(token, handle: task) }?.cancel()
  }

  /// Runs the operation of attempt `token`. A function of its own so that the operation, its
  /// context and its parameter are released before the machine hears that the attempt returned.
  private func invoke(_ token: UInt64) async -> Result<(any Sendable)?, any Error> {
    switch state.withLock({ $0.machine.attemptBegan(token) }) {
    case .cancelled:
      return .failure(CancellationError())
    case .run(let operation, let parameter, let info, let attempt, let dependencies):
      let context = LaunchContext(
        task: info, attempt: attempt, parameter: parameter, dependencies: dependencies, storage: self)
      let marker = CurrentLaunchTask.Marker(queue: ObjectIdentifier(self), task: info.name)
      do {
        return .success(try await CurrentLaunchTask.$marker.withValue(marker) { try await operation(context) })
      } catch {
        return .failure(error)
      }
    }
  }

  // MARK: - Effects

  /// Reads the time, applies `body` under the lock, then performs the effects it returned.
  @discardableResult
  private func transition<Result>(
    _ body: (inout State, TimeInterval) -> (Result, Machine.Effects)
  ) -> Result {
    let now = scheduler.monotonicNow
    let (result, effects, delivers) = state.withLock { state in
      let (result, effects) = body(&state, now)
      state.recorder.record(effects.events, placements: effects.placements, at: now)
      state.outbox.post(contentsOf: effects.events.map(Delivery.event))
      if effects.endStreams { state.outbox.post(.endStreams) }
      state.outbox.post(contentsOf: effects.resumptions.map(Delivery.resume))
      return (result, effects, state.outbox.claimDelivery())
    }
    for task in effects.cancel { task.cancel() }
    arm(effects)
    if delivers { deliver() }
    for token in effects.execute { spawn(token) }
    return result
  }

  /// Arms the timers `effects` asks for; each tells the machine when it fires. A timer that fires
  /// after its attempt returned (or its wait was cancelled) is ignored by the machine.
  private func arm(_ effects: Machine.Effects) {
    for (token, deadline) in effects.deadlines {
      _ = scheduler.scheduleRelative((), dueTime: deadline) { [weak self] _ in
        self?.transition { state, _ in ((), state.machine.deadlinePassed(token)) }
        return Disposables.create()
      }
    }
    for (task, delay) in effects.retries {
      _ = scheduler.scheduleRelative((), dueTime: DispatchTimeInterval(timeInterval: delay)) { [weak self] _ in
        self?.transition { state, now in ((), state.machine.retryDelayElapsed(task, at: now)) }
        return Disposables.create()
      }
    }
  }

  /// Empties the outbox, in order, until it stays empty; only the thread that claimed the delivery
  /// runs it.
  private func deliver() {
    state.deliver(\.outbox) { item in
      switch item {
      case .event(let event): subject.on(.next(event))
      case .endStreams: subject.on(.completed)
      case .resume(.idle(let continuation)): continuation.resume()
      case .resume(.finished(let continuation, let value)): continuation.resume(returning: value)
      }
    }
  }
}
