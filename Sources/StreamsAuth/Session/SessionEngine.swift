import Foundation
import Streams

/// The engine behind ``SessionManager``: holds a ``SessionStateMachine`` under a lock, feeds it
/// every input, and performs the ``SessionAction``s it returns after unlocking.
///
/// Every change has one shape, ``handle(_:)``: under the lock, an input goes into the machine and
/// ``schedule(_:in:persisted:)`` turns its actions into ``Job``s in an ``Outbox`` that lives in the
/// locked state (the one place actions are performed); after unlocking, the jobs run in the order
/// of the transitions that queued them, one at a time, never under the lock (storage reads and
/// writes, resuming a flight's waiters, session events, cancelling tasks, log lines). That order
/// is what makes "save before any waiter resumes" and "a sign-out's clear comes after a refresh's
/// save" hold. Under the lock only bookkeeping is done: creating a refresh task (which runs
/// nothing), and, below, recording a flight's outcome and taking its waiters.
///
/// The deliverer takes each job under the lock (``drain(from:)``), and that critical section does
/// two more things, so that a refresh costs no extra turn of the lock for them: it feeds the
/// machine what the previous job reported (a save or a store read finished: ``Job/report``), and
/// it records a flight's outcome and takes its waiters (``Job/resolution``), at the job's place in
/// the order.
///
/// The engine owns what belongs to a refresh flight (``Flight``): its task, the cross-process lock
/// it holds, its async waiters (``Waiters``) and, once the Rx face asks, a replaying subject. The
/// flight's typed outcome (``FlightResult``) is recorded and delivered once, in job order, so
/// every waiter, including one that arrives after the outcome, receives it exactly once:
/// ``value(_:)`` for async callers, ``single(_:)`` for the Rx face.
// Unchecked: every mutable field is in `state`, a LockedState; its jobs (closures that are not
// Sendable) are only taken out under that lock and run by the one thread holding the outbox's
// delivery claim. InterceptorStormTests and DependentSessionTests run it on real threads under TSan.
final class SessionEngine: @unchecked Sendable {
  typealias Machine = SessionStateMachine

  /// What belongs to one refresh flight. A class, so that a waiter keeps it after the machine
  /// forgets the flight.
  // Unchecked: every mutable field is read and written only under the engine's lock (`state`);
  // InterceptorStormTests and DependentSessionTests wait on flights from many tasks at once, under
  // TSan in CI.
  final class Flight: @unchecked Sendable {
    /// The async callers waiting for the outcome.
    var waiters = Waiters<FlightResult>()
    /// The Rx face's replaying subject, made when the first `Single` joins the flight before its
    /// outcome: the outcome is published on it once.
    var signal: AsyncSubject<FlightResult>?
    /// The outcome, once the flight resolved (in job order: after its save or clear).
    var result: FlightResult?
    /// The refresh task, until it returns: owned here, not by any waiter.
    var task: Task<Void, Never>?
    /// The cross-process lock the task took, until the flight's save or re-read is done.
    var lease: RefreshLock.Lease?
  }

  /// The effects of one transition (or a part of one), performed after unlocking, in order.
  struct Job {
    /// A flight to resolve with an outcome: when the job is taken (under the lock) the outcome is
    /// recorded and the waiters taken; the job resumes them and publishes it first.
    var resolution: (flight: Flight, result: FlightResult)?
    /// The effects, in the machine's order.
    var effects: [() -> Void]
    /// Runs last and says what happened (a save or a store read finished), if anything; the
    /// deliverer feeds it to the machine in the critical section that takes the next job.
    var report: (() -> Machine.Input?)?

    /// A job of one effect.
    init(_ effect: @escaping () -> Void) {
      effects = [effect]
    }

    init(
      resolution: (flight: Flight, result: FlightResult)?, effects: [() -> Void], report: (() -> Machine.Input?)?
    ) {
      (self.resolution, self.effects, self.report) = (resolution, effects, report)
    }
  }

  /// What the lock guards.
  struct State {
    var machine: Machine
    /// The flights the machine still refers to.
    var flights: [UInt64: Flight] = [:]
    /// The callers of a restore that has not answered yet.
    var restores: [AsyncSubject<Credential?>] = []
    var isShutDown = false
    /// The proactive refresh timer armed last, if it is still the machine's.
    var timer: (any Disposable)?
    /// The effects of the transitions so far, performed after unlocking, in order.
    var jobs = Outbox<Job>()
  }

  /// The outcome of a session change's save or clear, read by the job that ends the change.
  /// Written and read only by jobs, which run one at a time.
  final class Persisted {
    var outcome: Result<Void, AuthError> = .success(())
  }

  let refresher: any CredentialRefresher
  let credentialStorage: any CredentialStorage
  /// Wall time (``Credential/expiresAt``), monotonic time (the refresh window and cooldown) and timers.
  let scheduler: any SchedulerType
  let policy: RefreshPolicy
  let logHandler: AuthLogHandler?
  // Jobs capture the engine; they run only on the thread that claimed the outbox's delivery.
  let state: LockedState<State>
  let subject = PublishSubject<SessionEvent>()

  init(
    refresher: any CredentialRefresher, credentialStorage: any CredentialStorage, scheduler: any SchedulerType,
    policy: RefreshPolicy, log: AuthLogHandler?
  ) {
    self.refresher = refresher
    self.credentialStorage = credentialStorage
    self.scheduler = scheduler
    self.policy = policy
    self.logHandler = log
    self.state = LockedState(State(machine: Machine(policy: policy, obtains: refresher.obtainsCredentials)))
  }

  var current: VersionedCredential? { state.withLock { $0.machine.current } }

  /// The lock's one critical-section shape: `change` runs on the state under the lock and queues
  /// its effects; after unlocking, the caller performs the queued jobs in order, unless another
  /// thread is already doing so (then that thread performs them, after the ones before).
  @discardableResult
  func perform<Result>(_ change: (inout State) -> Result) -> Result {
    let (result, first) = state.withLock { state in
      let result = change(&state)
      return (result, state.jobs.claimFirst().map(Self.take))
    }
    if let first { drain(from: first) }
    return result
  }

  /// The deliverer's turn: performs `first`, then, one critical section each, feeds the machine
  /// the report of the job just performed and takes the next job, until none is left.
  private func drain(from first: @escaping () -> Machine.Input?) {
    var next: (() -> Machine.Input?)? = first
    while let job = next {
      let report = job()
      next = state.withLock { state in
        if let report { schedule(state.machine.transition(report).actions, in: &state) }
        return state.jobs.next().map(Self.take)
      }
    }
  }

  /// Under the lock, as the deliverer takes `job`: records its flight's outcome and takes the
  /// flight's waiters; returns what to do after unlocking.
  private static func take(_ job: Job) -> () -> Machine.Input? {
    var resumed: [CheckedContinuation<FlightResult, Never>] = []
    var signal: AsyncSubject<FlightResult>?
    if let (flight, result) = job.resolution {
      flight.result = result
      resumed = flight.waiters.resolveAll(with: result)
      signal = flight.signal.take()
    }
    return {
      if let (_, result) = job.resolution {
        for continuation in resumed { continuation.resume(returning: result) }
        signal?.onNext(result)
        signal?.onCompleted()
      }
      for effect in job.effects { effect() }
      return job.report?()
    }
  }

  /// `input` happened: the machine decides, its actions are scheduled, and its answer returned.
  @discardableResult
  func handle(_ input: Machine.Input) -> Machine.Answer {
    perform { state in
      let transition = state.machine.transition(input)
      schedule(transition.actions, in: &state)
      return transition.answer
    }
  }

  /// Under the lock: the one place the machine's actions become effects. Bookkeeping of the
  /// flights happens here; everything else is queued for after unlocking, in the machine's order:
  /// one job per transition, except that a flight's resolution begins a job (it is taken under
  /// the lock when its turn comes) and a report ends one.
  /// `persisted` receives the outcome of a `save` or `clearStorage` action.
  func schedule(_ actions: [SessionAction], in state: inout State, persisted: Persisted? = nil) {
    var resolution: (flight: Flight, result: FlightResult)?
    var effects: [() -> Void] = []
    /// Ends the job being gathered (with `report` last, if any) and posts it unless it is empty.
    func post(report: (() -> Machine.Input?)? = nil) {
      if resolution != nil || !effects.isEmpty || report != nil {
        state.jobs.post(Job(resolution: resolution, effects: effects, report: report))
      }
      (resolution, effects) = (nil, [])
    }
    for action in actions {
      switch action {
      case .startRefresh(let flight, let credential):
        let record = Flight()
        record.task = refreshTask(flight: flight, credential: credential)
        state.flights[flight] = record
      case .cancelRefresh(let flight):
        guard let task = state.flights[flight]?.task.take() else { continue }
        effects.append { task.cancel() }
      case .saveRenewal(let flight, let credential, let write):
        let lease = state.flights[flight]?.lease.take()
        post { self.saveRenewal(flight: flight, credential, write: write, releasing: lease) }
      case .reread(let flight):
        let lease = state.flights[flight]?.lease.take()
        post { self.reread(flight: flight, releasing: lease) }
      case .releaseLock(let flight):
        guard let lease = state.flights[flight]?.lease.take() else { continue }
        effects.append { lease.release() }
      case .save(let credential):
        effects.append {
          // Not `persisted?.outcome = …`: optional chaining would skip the save without an owner.
          let outcome = self.save(signedIn: credential)
          persisted?.outcome = outcome
        }
      case .clearStorage:
        effects.append {
          let outcome = self.clearStorage()
          persisted?.outcome = outcome
        }
      case .resolve(let flight, let result):
        guard let record = state.flights[flight] else { continue }
        post()
        resolution = (record, result)
      case .forget(let flight):
        state.flights[flight] = nil
      case .emit(let event):
        let subject = self.subject
        effects.append { subject.onNext(event) }
      case .load(let epoch):
        post { self.load(restoring: epoch) }
      case .restored(let credential):
        let restores = state.restores
        state.restores.removeAll()
        effects.append { restores.forEach { $0.publish(.success(credential)) } }
      case .armTimer(let token, let deadline):
        let replaced = state.timer.take()
        effects.append {
          replaced?.dispose()
          self.arm(token: token, deadline)
        }
      case .disarmTimer:
        guard let replaced = state.timer.take() else { continue }
        effects.append { replaced.dispose() }
      case .completeEvents:
        state.isShutDown = true
        let subject = self.subject
        effects.append { subject.onCompleted() }
      case .log(let level, let note):
        guard let logHandler else { continue }
        effects.append { logHandler(AuthLogMessage(level: level, text: note.text)) }
      }
    }
    post()
  }

  // MARK: Lifetime

  /// The session manager is going away: cancels the refresh task, fails the waiters of the
  /// refresh in flight with ``AuthError/sessionReleased`` and completes the events.
  func shutDown() {
    handle(.shutDown)
  }

  // MARK: Logging

  func log(_ level: AuthLogMessage.Level, _ text: @autoclosure () -> String) {
    guard let logHandler else { return }
    logHandler(AuthLogMessage(level: level, text: text()))
  }
}
