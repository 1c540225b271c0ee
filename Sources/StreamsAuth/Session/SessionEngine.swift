import Foundation
import Streams

/// The engine behind ``SessionManager``: holds a ``SessionStateMachine`` under a lock and performs
/// what it decides after unlocking.
///
/// Every change has one shape, ``perform(_:)``: under the lock, an event goes into the machine and
/// the effects it calls for are queued as jobs in an ``Outbox`` that lives in the locked state;
/// after unlocking, the jobs run in the order of the transitions that queued them, one at a time,
/// never under the lock (storage reads and writes, publishing a refresh's outcome, session events,
/// cancelling tasks, log lines). That order is what makes "save before any waiter resumes" and "a
/// sign-out's clear comes after a refresh's save" hold. The one thing done under the lock is
/// creating a refresh task, which runs nothing.
///
/// A caller that wants a credential gets a ``Wait``: ready now, failed now, or pending on the
/// replaying outcome of a refresh flight. ``single(of:)`` is the one way to wait; async callers
/// await it through Streams' bridge (``value(of:)``), the Rx face subscribes to it.
///
/// One successful refresh takes the lock three times after it starts: when the refresher returns
/// (to queue the save in order with sign-in and sign-out), after the save (to install the
/// credential and queue its publication), and once more to find the job queue empty. The first
/// two cannot merge: the credential must be saved before anyone can see it, and the save must not
/// run under the lock.
// Unchecked: every mutable field is in `state`, a LockedState; its jobs (closures that are not
// Sendable) are only taken out under that lock and run by the one thread holding the outbox's
// delivery claim. InterceptorStormTests and DependentSessionTests run it on real threads under TSan.
final class SessionEngine: @unchecked Sendable {
  typealias Machine = SessionStateMachine
  typealias FlightOutcome = Machine.FlightOutcome

  /// What the lock guards.
  struct State {
    var machine: Machine
    /// The task of each refresh in flight: owned here, not by any waiter.
    var tasks: [UInt64: Task<Void, Never>] = [:]
    var isShutDown = false
    /// The effects of the transitions so far, performed after unlocking, in order.
    var jobs = Outbox<() -> Void>()
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

  /// The one shape of every change: `change` runs on the state under the lock and queues its
  /// effects; after unlocking, the caller performs the queued jobs in order, unless another thread
  /// is already doing so (then that thread performs them, after the ones before).
  @discardableResult
  func perform<Result>(_ change: (inout State) -> Result) -> Result {
    let (result, delivers) = state.withLock { state in
      let result = change(&state)
      return (result, state.jobs.claimDelivery())
    }
    if delivers { state.deliver(\.jobs) { $0() } }
    return result
  }

  // MARK: Session changes

  /// Signs in; the returned subject publishes the outcome once the credential was saved and
  /// `signedIn` emitted.
  func signIn(_ credential: Credential) -> AsyncSubject<Void> {
    log(.debug, "signed in: \(credential)")
    return changeSession({ $0.signedIn(credential) }) {
      do throws(CredentialStorageError) {
        try self.credentialStorage.save(credential)
        return .success(())
      } catch {
        self.log(.error, "sign-in: saving the credential failed; it is used in memory: \(error)")
        return .failure(.storage(error))
      }
    }
  }

  /// Signs out; `done` publishes the outcome once storage was cleared and `signedOut` emitted;
  /// `ended` is the credential the session held, for ``revoke(_:)``.
  ///
  /// With `reason` ``SignOutReason/upstreamSignedOut(session:reason:)`` (the session this one
  /// depends on ended), the waiters of a refresh in flight fail with the matching
  /// ``AuthError/upstreamSignedOut(session:reason:)`` instead of ``AuthError/sessionEnded``.
  func signOut(_ reason: SignOutReason = .requested) -> (done: AsyncSubject<Void>, ended: Credential?) {
    var ended: Credential?
    var abandonedWith = AuthError.sessionEnded
    if case .upstreamSignedOut(let session, let upstreamReason) = reason {
      abandonedWith = .upstreamSignedOut(session: session, reason: upstreamReason)
    }
    log(.debug, "signed out (\(reason))")
    let done = changeSession(
      { machine in
        ended = machine.credential
        return machine.signedOut(reason)
      }, abandonedWith: abandonedWith
    ) { self.clearStorage() }
    return (done, ended)
  }

  /// Signs in or out: `change` updates the machine; then, as one job, the refresh it abandons is
  /// cancelled, `persist` saves or clears the stored credential, the abandoned refresh's waiters
  /// fail with `error` (so none of them resumes before the store holds the change), the change's
  /// events are emitted, and the returned subject publishes `persist`'s outcome.
  private func changeSession(
    _ change: (inout Machine) -> Machine.SessionChange, abandonedWith error: AuthError = .sessionEnded,
    persist: @escaping () -> Result<Void, AuthError>
  ) -> AsyncSubject<Void> {
    let done = AsyncSubject<Void>()
    perform { state in
      let change = change(&state.machine)
      let abandoned = change.abandoned
      let task = abandoned.flatMap { state.tasks.removeValue(forKey: $0.id) }
      state.jobs.post {
        task?.cancel()
        let outcome = persist()
        abandoned?.signal.onError(error)
        change.events.forEach(self.subject.onNext)
        done.publish(outcome)
      }
    }
    return done
  }

  /// After a sign-in or sign-out, with a ``SharedCredentialStorage``: takes the cross-process
  /// lock, reads the store, and writes the session's state again (its credential, or none), so the
  /// change lands after any refresh another process was saving. A refresh of this session cannot
  /// interleave: it holds the same lock until its credential is installed. Returns the credential
  /// the store held if it is not the session's (another process renewed it); `nil` otherwise, and
  /// for a storage that is not shared.
  func settleShared() async throws(AuthError) -> Credential? {
    guard let shared = credentialStorage as? any SharedCredentialStorage else { return nil }
    let lease = try await shared.refreshLock.acquire()
    defer { lease.release() }
    let stored = try? shared.load()
    let current = self.current?.credential
    do throws(CredentialStorageError) {
      if let current { try shared.save(current) } else { try shared.clear() }
    } catch {
      log(.error, "writing the session to the shared store under its lock failed: \(error)")
      throw .storage(error)
    }
    return stored == current ? nil : stored
  }

  /// After a sign-out: revokes `credential` at the server through the refresher.
  ///
  /// - Throws: ``AuthError/revocationFailed(_:)`` wrapping the refresher's error.
  func revoke(_ credential: Credential) async throws(AuthError) {
    do throws(AuthError) {
      try await refresher.revoke(credential)
      log(.debug, "sign-out: the server revoked the tokens")
    } catch {
      log(.warning, "sign-out: the server did not confirm revoking the tokens: \(error)")
      throw .revocationFailed(error)
    }
  }

  /// Loads the stored credential once; later calls report the current one.
  func restore() -> AsyncSubject<Credential?> {
    let done = AsyncSubject<Credential?>()
    perform { state in
      if state.machine.isRestored {
        let credential = state.machine.credential
        state.jobs.post { done.publish(.success(credential)) }
      } else {
        let epoch = state.machine.epoch
        state.jobs.post { self.load(restoring: epoch, done) }
      }
    }
    return done
  }

  /// Job: reads the store for the restore that began in `epoch`.
  private func load(restoring epoch: UInt64, _ done: AsyncSubject<Credential?>) {
    let loaded = Result { () throws(CredentialStorageError) -> Credential? in try credentialStorage.load() }
    perform { state in
      switch loaded {
      case .success(let credential):
        let events = state.machine.restored(credential, epoch: epoch)
        let current = state.machine.credential
        state.jobs.post {
          events.forEach(self.subject.onNext)
          done.publish(.success(current))
        }
      case .failure(let error):
        state.jobs.post { done.publish(.failure(.storage(error))) }
      }
    }
  }

  @discardableResult
  func clearStorage() -> Result<Void, AuthError> {
    do throws(CredentialStorageError) {
      try credentialStorage.clear()
      return .success(())
    } catch {
      log(.error, "clearing the stored credential failed: \(error)")
      return .failure(.storage(error))
    }
  }

  // MARK: Events

  /// Session events: `initialSession` first (once known), then every later event; completes at
  /// shut-down.
  var events: Observable<SessionEvent> {
    Observable.create { [weak self] observer in
      guard let self else {
        observer.onCompleted()
        return Disposables.create()
      }
      return self.subscribeEvents(observer)
    }
  }

  private func subscribeEvents(_ observer: AnyObserver<SessionEvent>) -> Disposable {
    let subscription = SingleAssignmentDisposable()
    let subject = self.subject
    perform { state in
      guard !state.isShutDown else {
        state.jobs.post { observer.onCompleted() }
        return
      }
      let initial: SessionEvent? = state.machine.isRestored ? .initialSession(state.machine.credential) : nil
      // Events are only ever sent from jobs, so no event can slip between the snapshot and the
      // subscription.
      state.jobs.post {
        guard !subscription.isDisposed else { return }
        if let initial { observer.onNext(initial) }
        subscription.setDisposable(subject.subscribe(observer))
      }
    }
    return subscription
  }

  /// Under the lock: queues `event` for the subscribers.
  func post(_ event: SessionEvent, in state: inout State) {
    let subject = self.subject
    state.jobs.post { subject.onNext(event) }
  }

  // MARK: Lifetime

  /// The session manager is going away: cancels the refresh tasks, fails the waiters of the
  /// refresh in flight with ``AuthError/sessionReleased`` and completes the events.
  func shutDown() {
    let subject = self.subject
    perform { state in
      state.isShutDown = true
      let abandoned = state.machine.shutDown()
      let tasks = Array(state.tasks.values)
      state.tasks.removeAll()
      state.jobs.post {
        tasks.forEach { $0.cancel() }
        abandoned?.signal.onError(AuthError.sessionReleased)
        subject.onCompleted()
      }
    }
  }

  // MARK: Logging

  func log(_ level: AuthLogMessage.Level, _ text: @autoclosure () -> String) {
    guard let logHandler else { return }
    logHandler(AuthLogMessage(level: level, text: text()))
  }

  /// Under the lock: queues a log line, in order with the effects of the same transitions.
  func log(_ level: AuthLogMessage.Level, _ text: @autoclosure () -> String, in state: inout State) {
    guard let logHandler else { return }
    let message = AuthLogMessage(level: level, text: text())
    state.jobs.post { logHandler(message) }
  }
}
