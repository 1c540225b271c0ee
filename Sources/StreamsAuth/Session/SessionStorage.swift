import Foundation
import Streams

/// Holds a ``SessionStateMachine`` under a lock and performs its actions after unlocking: the
/// engine behind ``SessionManager``.
///
/// A caller that wants a credential gets a ``Wait``: ready now, failed now, or pending on the
/// replaying signal of a refresh. Async callers await that signal through Streams' own bridge
/// (`asSingle().value`); the Rx face subscribes to the same signal. No callback layer sits
/// between them.
///
/// Two kinds of side effect:
/// - for the caller of the moment (start a refresh task): done under the lock, since creating a
///   task runs nothing;
/// - ordered effects (storage writes, publishing a refresh's outcome, session events): appended to
///   a ``SerialJobQueue`` while the lock is held, so they run in the order of the state
///   transitions that caused them, one at a time and never under the lock. This is what makes
///   "save before any waiter resumes" and "a sign-out's clear comes after a refresh's save" hold.
///
/// One successful refresh takes the state lock three times: to start it, when the refresher
/// returns (to queue the save in order with sign-in and sign-out), and after the save (to install
/// the credential and queue its publication). The last two cannot merge: the credential must be
/// saved before anyone can see it, and the save must not run under the lock.
final class SessionStorage: @unchecked Sendable {
  typealias Machine = SessionStateMachine
  typealias FlightOutcome = Machine.FlightOutcome

  /// A caller's wait for a credential, decided under the lock.
  enum Wait {
    /// The credential is usable now.
    case ready(VersionedCredential)
    /// The caller fails now.
    case failed(AuthError)
    /// The outcome will be published on a refresh's replaying signal. For a proactive refresh,
    /// `fallback` is the credential to keep using if the refresh fails temporarily while the
    /// credential is still the session's and has not expired.
    case pending(FlightOutcome, fallback: VersionedCredential?)
  }

  let refresher: any CredentialRefresher
  let credentialStorage: any CredentialStorage
  /// Wall time (``Credential/expiresAt``), monotonic time (the refresh window and cooldown) and timers.
  let scheduler: any SchedulerType
  let policy: RefreshPolicy
  private let logHandler: AuthLogHandler?
  private let lock = Lock.make()
  private var machine: Machine
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var isShutDown = false
  private let jobs = SerialJobQueue()
  private let subject = PublishSubject<SessionEvent>()

  init(
    refresher: any CredentialRefresher, credentialStorage: any CredentialStorage, scheduler: any SchedulerType,
    policy: RefreshPolicy, log: AuthLogHandler?
  ) {
    self.refresher = refresher
    self.credentialStorage = credentialStorage
    self.scheduler = scheduler
    self.policy = policy
    self.logHandler = log
    self.machine = Machine(policy: policy, obtains: refresher.obtainsCredentials)
  }

  var current: VersionedCredential? { lock.withLock { machine.current } }

  // MARK: Waiting for a credential

  /// A usable credential: the current one, or, within the leeway of its expiry, a refresh's.
  func credential() -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return decide { machine in
      let fallback = machine.current
      let action = machine.credentialRequested(now: now, uptime: uptime)
      return (action, fallback)
    }
  }

  /// Compare-and-refresh for a request authorized with `generation`.
  func refresh(ifGeneration generation: Generation) -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return decide { ($0.refreshRequested(ifGeneration: generation, now: now, uptime: uptime), nil) }
  }

  /// Compare-and-refresh for a request that carried `token`.
  func refresh(ifAccessToken token: String?) -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return decide { ($0.refreshRequested(ifAccessToken: token, now: now, uptime: uptime), nil) }
  }

  /// The outcome of `wait`, awaited through Streams' bridge on the signal.
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled`` at once; the refresh carries on.
  func value(of wait: Wait) async throws(AuthError) -> VersionedCredential {
    switch wait {
    case .ready(let credential):
      return credential
    case .failed(let error):
      throw error
    case .pending(let signal, let fallback):
      do throws(AuthError) {
        return try await signal.outcome
      } catch {
        if let usable = usable(fallback, after: error) { return usable }
        throw error
      }
    }
  }

  /// The outcome of `wait` as a `Single` over the same signal.
  func single(of wait: Wait) -> Single<VersionedCredential> {
    switch wait {
    case .ready(let credential):
      return .just(credential)
    case .failed(let error):
      return .error(error)
    case .pending(let signal, let fallback):
      return signal.catch { [weak self] error -> Observable<VersionedCredential> in
        let error = error as? AuthError ?? .cancelled
        if let usable = self?.usable(fallback, after: error) { return .just(usable) }
        return .error(error)
      }.asSingle()
    }
  }

  /// Under the lock: decides, queues the action's event and starts its refresh task.
  private func decide(_ body: (inout Machine) -> (Machine.WaitAction, VersionedCredential?)) -> Wait {
    let (action, fallback) = lock.withLock {
      let (action, fallback) = body(&machine)
      switch action {
      case .resume(_, let event?), .fail(_, let event?):
        let subject = self.subject
        jobs.append { subject.onNext(event) }
      case .startRefresh(let id, let credential, _):
        startRefreshLocked(id: id, credential: credential)
      case .resume, .fail, .join:
        break
      }
      return (action, fallback)
    }
    jobs.drain()
    switch action {
    case .resume(let credential, _):
      return .ready(credential)
    case .fail(let error, _):
      return .failed(error)
    case .startRefresh(let id, let credential, let signal):
      log(.debug, "refresh #\(id) started for \(credential.map { "\($0)" } ?? "no credential (obtaining one)")")
      return .pending(signal, fallback: fallback)
    case .join(let signal):
      return .pending(signal, fallback: fallback)
    }
  }

  /// Under the lock: creates the refresh task (creating a task runs nothing). The task is owned
  /// here, not by any waiter, and holds the storage weakly.
  ///
  /// With a ``SharedCredentialStorage``, the task first takes the cross-process lock and re-reads
  /// the store: a credential another process stored meanwhile is adopted instead of refreshing.
  /// The lock is held until the renewed credential is saved (or the refresh ends otherwise).
  private func startRefreshLocked(id: UInt64, credential: Credential?) {
    let refresher = self.refresher
    let shared = credentialStorage as? any SharedCredentialStorage
    tasks[id] = Task { [weak self] in
      var renewal = Renewal(result: .failure(.cancelled))
      do throws(AuthError) {
        if let shared {
          renewal.lease = try await shared.refreshLock.acquire()
          if let stored = Self.newer(than: credential, in: shared) {
            renewal.result = .success(stored)
            renewal.adopted = true
          }
        }
        if !renewal.adopted {
          if let credential {
            renewal.result = .success(try await refresher.refresh(credential))
          } else {
            renewal.result = .success(try await refresher.obtain())
          }
        }
      } catch {
        renewal.result = .failure(error)
      }
      guard let self else {
        renewal.lease?.release()
        return
      }
      self.refreshFinished(id: id, renewal)
    }
  }

  /// What a refresh task produced: its result, whether that is a credential another process
  /// stored (already saved), and the cross-process lock it holds, if any.
  private struct Renewal: Sendable {
    var result: Result<Credential, AuthError>
    var adopted = false
    var lease: RefreshLock.Lease?
  }

  /// The credential in `storage` if it is not `credential`: another process renewed it (or signed
  /// in) since this one read it. An unreadable store counts as none.
  private static func newer(than credential: Credential?, in storage: any CredentialStorage) -> Credential? {
    guard let stored = try? storage.load(),
      stored.accessToken != credential?.accessToken
        || stored.refreshToken != credential?.refreshToken
    else { return nil }
    return stored
  }

  /// A proactive refresh that fails temporarily does not fail a credential that still works (the
  /// same credential: not one that a new sign-in installed meanwhile).
  private func usable(_ fallback: VersionedCredential?, after error: AuthError) -> VersionedCredential? {
    guard let fallback, !error.isFatal, error != .cancelled, let current, current.generation == fallback.generation,
      !current.credential.isExpired(at: scheduler.now)
    else { return nil }
    return current
  }

  // MARK: A refresh's progress

  private func refreshFinished(id: UInt64, _ renewal: Renewal) {
    let uptime = scheduler.monotonicNow
    let result = renewal.result
    let lease = renewal.lease
    let action = lock.withLock {
      tasks[id] = nil
      let action = machine.refreshFinished(id: id, result: result, uptime: uptime)
      switch action {
      case .discard:
        break
      case .persist(let renewed):
        jobs.append {
          self.persist(id: id, renewed, save: !renewal.adopted)
          lease?.release()
        }
      case .reread:
        jobs.append {
          self.reread(id: id)
          lease?.release()
        }
      case .publish(let signal, let outcome, let events):
        jobs.append {
          self.complete(Machine.Completion(signal: signal, outcome: outcome, events: events, clearStorage: false))
        }
      }
      return action
    }
    switch action {
    case .discard, .publish: lease?.release()
    case .persist, .reread: break
    }
    if renewal.adopted { log(.debug, "refresh #\(id): another process had renewed the credential; adopted it") }
    switch (action, result) {
    case (.discard, _):
      log(.warning, "refresh #\(id) finished after the session changed; its result was discarded")
    case (.publish, .failure(let error)):
      log(.warning, "refresh #\(id) failed; the session was kept: \(error)")
    case (.reread, .failure(let error)):
      log(.warning, "refresh #\(id) was rejected; checking storage before ending the session: \(error)")
    default:
      break
    }
    jobs.drain()
  }

  /// Job: saves the renewed credential (unless `save` is false: another process stored it), then
  /// installs it and releases the waiters. A sign-out or sign-in that happened after the refresher
  /// returned queued its own storage job after this one, so this save can never overwrite what it
  /// wrote.
  private func persist(id: UInt64, _ renewed: Credential, save: Bool) {
    do {
      if save { try credentialStorage.save(renewed) }
    } catch {
      log(.error, "refresh #\(id): saving the renewed credential failed; it is used in memory: \(error)")
    }
    let completion = lock.withLock {
      let completion = machine.persisted(id: id)
      if let completion { jobs.append { self.complete(completion) } }
      return completion
    }
    if completion == nil {
      log(
        .warning, "refresh #\(id) was saved but the session changed meanwhile; the next sign-in or sign-out replaces it"
      )
    } else if save {
      log(.debug, "refresh #\(id) succeeded and was saved: \(renewed)")
    }
  }

  /// Job: after a rejection, adopts a credential another process stored, or ends the session.
  private func reread(id: UInt64) {
    var loaded: Credential?
    do {
      loaded = try credentialStorage.load()
    } catch {
      log(.error, "refresh #\(id): reading storage after a rejection failed: \(error)")
    }
    let completion = lock.withLock {
      let completion = machine.reread(id: id, loaded: loaded)
      if let completion { jobs.append { self.complete(completion) } }
      return completion
    }
    if let completion, case .success = completion.outcome {
      log(.debug, "refresh #\(id): another process had already renewed the credential; adopted it")
    } else if completion != nil {
      log(.warning, "refresh #\(id): the refresh token was rejected; the session was cleared")
    }
  }

  /// Job: clears storage if asked, then publishes the outcome, then emits the events.
  private func complete(_ completion: Machine.Completion) {
    if completion.clearStorage { clearStorage() }
    completion.signal.publish(completion.outcome)
    completion.events.forEach(subject.onNext)
  }

  // MARK: Session changes

  /// Signs in; the returned subject publishes the outcome once the credential was saved and
  /// `signedIn` emitted.
  func signIn(_ credential: Credential) -> AsyncSubject<Void> {
    let done = changeSession({ $0.signedIn(credential) }) {
      do throws(CredentialStorageError) {
        try self.credentialStorage.save(credential)
        return .success(())
      } catch {
        self.log(.error, "sign-in: saving the credential failed; it is used in memory: \(error)")
        return .failure(.storage(error))
      }
    }
    log(.debug, "signed in: \(credential)")
    return done
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
    let done = changeSession(
      { machine in
        ended = machine.credential
        return machine.signedOut(reason)
      }, abandonedWith: abandonedWith
    ) { self.clearStorage() }
    log(.debug, "signed out (\(reason))")
    return (done, ended)
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

  /// Signs in or out: `change` updates the machine under the lock (the refresh it abandons fails
  /// with ``AuthError/sessionEnded`` and its task is cancelled); then, as one job, `persist` saves or
  /// clears the stored credential, the change's events are emitted, and the returned subject
  /// publishes `persist`'s outcome.
  private func changeSession(
    _ change: (inout Machine) -> Machine.SessionChange, abandonedWith error: AuthError = .sessionEnded,
    persist: @escaping () -> Result<Void, AuthError>
  ) -> AsyncSubject<Void> {
    let done = AsyncSubject<Void>()
    let task = lock.withLock { () -> Task<Void, Never>? in
      let change = change(&machine)
      let task = abandonLocked(change.abandoned, error: error)
      jobs.append {
        let outcome = persist()
        change.events.forEach(self.subject.onNext)
        done.publish(outcome)
      }
      return task
    }
    task?.cancel()
    jobs.drain()
    return done
  }

  /// Loads the stored credential once; later calls report the current one.
  func restore() -> AsyncSubject<Credential?> {
    let done = AsyncSubject<Credential?>()
    lock.lock()
    if machine.isRestored {
      let credential = machine.credential
      lock.unlock()
      done.publish(.success(credential))
      return done
    }
    let epoch = machine.epoch
    jobs.append {
      let loaded = Result { () throws(CredentialStorageError) -> Credential? in try self.credentialStorage.load() }
      self.lock.withLock {
        switch loaded {
        case .success(let credential):
          let events = self.machine.restored(credential, epoch: epoch)
          let current = self.machine.credential
          self.jobs.append {
            events.forEach(self.subject.onNext)
            done.publish(.success(current))
          }
        case .failure(let error):
          self.jobs.append { done.publish(.failure(.storage(error))) }
        }
      }
    }
    lock.unlock()
    jobs.drain()
    return done
  }

  /// Under the lock: takes the abandoned refresh's task and queues the failure of its waiters.
  private func abandonLocked(_ abandoned: Machine.Refresh?, error: AuthError) -> Task<Void, Never>? {
    guard let abandoned else { return nil }
    jobs.append { abandoned.signal.onError(error) }
    return tasks.removeValue(forKey: abandoned.id)
  }

  @discardableResult
  private func clearStorage() -> Result<Void, AuthError> {
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
    lock.lock()
    if isShutDown {
      lock.unlock()
      observer.onCompleted()
      return Disposables.create()
    }
    let initial: SessionEvent? = machine.isRestored ? .initialSession(machine.credential) : nil
    let subject = self.subject
    // Events are only ever sent from jobs, so no event can slip between the snapshot and the
    // subscription.
    jobs.append {
      guard !subscription.isDisposed else { return }
      if let initial { observer.onNext(initial) }
      subscription.setDisposable(subject.subscribe(observer))
    }
    lock.unlock()
    jobs.drain()
    return subscription
  }

  // MARK: Lifetime

  func shutDown() {
    let abandonedTasks = lock.withLock { () -> [Task<Void, Never>] in
      isShutDown = true
      let abandoned = machine.shutDown()
      let subject = self.subject
      jobs.append {
        abandoned?.signal.onError(AuthError.sessionReleased)
        subject.onCompleted()
      }
      defer { tasks.removeAll() }
      return Array(tasks.values)
    }
    abandonedTasks.forEach { $0.cancel() }
    jobs.drain()
  }

  private func log(_ level: AuthLogMessage.Level, _ text: @autoclosure () -> String) {
    guard let logHandler else { return }
    logHandler(AuthLogMessage(level: level, text: text()))
  }
}

extension AsyncSubject where Element: Sendable {
  /// Publishes `outcome` once: the element and completion, or the error.
  func publish(_ outcome: Result<Element, AuthError>) {
    switch outcome {
    case .success(let value):
      onNext(value)
      onCompleted()
    case .failure(let error):
      onError(error)
    }
  }

  /// The outcome published on this subject, awaited through Streams' bridge (`.value`).
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled``; the work that publishes carries on.
  var outcome: Element {
    get async throws(AuthError) {
      do {
        return try await asSingle().value
      } catch {
        throw error as? AuthError ?? .cancelled
      }
    }
  }
}
