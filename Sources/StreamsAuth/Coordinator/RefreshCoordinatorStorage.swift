import Foundation
import Streams

/// Holds a ``RefreshCoordinatorStateMachine`` under a lock and performs its actions after
/// unlocking.
///
/// Two kinds of side effect:
/// - for the caller of the moment (resume now, fail now, subscribe to a signal): done by the
///   caller's thread right after unlocking;
/// - ordered effects (storage writes, publishing a refresh's outcome, session events): appended to
///   a ``SerialJobQueue`` while the lock is held, so they run in the order of the state
///   transitions that caused them, one at a time and never under the lock. This is what makes
///   "save before any waiter resumes" and "a sign-out's clear comes after a refresh's save" hold.
final class RefreshCoordinatorStorage: @unchecked Sendable {
  typealias Machine = RefreshCoordinatorStateMachine

  let refresher: any CredentialRefresher
  let credentialStorage: any CredentialStorage
  let clock: any AuthClock
  let policy: RefreshPolicy
  private let logHandler: AuthLogHandler?
  private let lock = Lock.make()
  private var machine: Machine
  private var tasks: [UInt64: Task<Void, Never>] = [:]
  private var isShutDown = false
  private let jobs = SerialJobQueue()
  private let subject = PublishSubject<SessionEvent>()

  init(
    refresher: any CredentialRefresher, credentialStorage: any CredentialStorage, clock: any AuthClock,
    policy: RefreshPolicy, log: AuthLogHandler?
  ) {
    self.refresher = refresher
    self.credentialStorage = credentialStorage
    self.clock = clock
    self.policy = policy
    self.logHandler = log
    self.machine = Machine(policy: policy)
  }

  var current: VersionedCredential? { lock.withLock { machine.current } }

  // MARK: Waiting for a credential

  func credential(completion: @escaping AuthCompletion<VersionedCredential>) -> Cancelable {
    let now = clock.now
    let uptime = clock.uptime
    let (action, generation) = lock.withLock {
      let action = machine.credentialRequested(now: now, uptime: uptime)
      scheduleLocked(action)
      return (action, machine.generation)
    }
    jobs.drain()
    switch action {
    case .join, .startRefresh:
      // A proactive refresh that fails does not fail a credential that still works (the same
      // credential: not one that a new sign-in installed meanwhile).
      return perform(action) { [weak self] outcome in
        guard case .failure(let error) = outcome, !error.isFatal, let self, let current = self.current,
          current.generation == generation, !current.credential.isExpired(at: self.clock.now)
        else { return completion(outcome) }
        completion(.success(current))
      }
    case .resume, .fail:
      return perform(action, completion: completion)
    }
  }

  func refresh(ifGeneration generation: Generation, completion: @escaping AuthCompletion<VersionedCredential>)
    -> Cancelable
  {
    let uptime = clock.uptime
    return refresh({ $0.refreshRequested(ifGeneration: generation, uptime: uptime) }, completion: completion)
  }

  func refresh(ifAccessToken token: String?, completion: @escaping AuthCompletion<VersionedCredential>) -> Cancelable {
    let uptime = clock.uptime
    return refresh({ $0.refreshRequested(ifAccessToken: token, uptime: uptime) }, completion: completion)
  }

  /// A compare-and-refresh request: the machine decides under the lock, then the action runs.
  private func refresh(
    _ decide: (inout Machine) -> Machine.WaitAction, completion: @escaping AuthCompletion<VersionedCredential>
  ) -> Cancelable {
    let action = lock.withLock {
      let action = decide(&machine)
      scheduleLocked(action)
      return action
    }
    jobs.drain()
    return perform(action, completion: completion)
  }

  /// Under the lock: queues the action's event and starts its refresh task.
  private func scheduleLocked(_ action: Machine.WaitAction) {
    switch action {
    case .resume(_, let event?), .fail(_, let event?):
      let subject = self.subject
      jobs.append { subject.onNext(event) }
    case .startRefresh(let id, let credential, _):
      let refresher = self.refresher
      // Task creation does not run the task; it is safe under the lock. The task is owned here,
      // not by any waiter, and holds the storage weakly.
      tasks[id] = Task { [weak self] in
        let result: Result<Credential, AuthError>
        do throws(AuthError) {
          result = .success(try await refresher.refresh(credential))
        } catch {
          result = .failure(error)
        }
        self?.refreshFinished(id: id, result: result)
      }
    case .resume, .fail, .join:
      break
    }
  }

  /// After unlocking: resumes, fails or subscribes the caller.
  private func perform(_ action: Machine.WaitAction, completion: @escaping AuthCompletion<VersionedCredential>)
    -> Cancelable
  {
    switch action {
    case .resume(let credential, _):
      completion(.success(credential))
      return Disposables.create(with: {})
    case .fail(let error, _):
      completion(.failure(error))
      return Disposables.create(with: {})
    case .startRefresh(let id, let credential, let signal):
      log(.debug, "refresh #\(id) started for \(credential)")
      return wait(on: signal, completion: completion)
    case .join(let signal):
      return wait(on: signal, completion: completion)
    }
  }

  /// Subscribes `completion` to a refresh's replaying signal; disposing the result leaves.
  private func wait(on signal: Machine.Signal, completion: @escaping AuthCompletion<VersionedCredential>)
    -> Cancelable
  {
    let subscription = signal.subscribe { event in
      switch event {
      case .next(let credential): completion(.success(credential))
      case .error(let error): completion(.failure(error as? AuthError ?? .coordinatorReleased))
      case .completed: break
      }
    }
    return Disposables.create { subscription.dispose() }
  }

  // MARK: A refresh's progress

  private func refreshFinished(id: UInt64, result: Result<Credential, AuthError>) {
    let uptime = clock.uptime
    let action = lock.withLock {
      tasks[id] = nil
      let action = machine.refreshFinished(id: id, result: result, uptime: uptime)
      switch action {
      case .discard:
        break
      case .persist(let renewed):
        jobs.append { self.persist(id: id, renewed) }
      case .reread:
        jobs.append { self.reread(id: id) }
      case .publish(let signal, let outcome, let events):
        jobs.append {
          self.complete(Machine.Completion(signal: signal, outcome: outcome, events: events, clearStorage: false))
        }
      }
      return action
    }
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

  /// Job: saves the renewed credential, then installs it and releases the waiters.
  private func persist(id: UInt64, _ renewed: Credential) {
    guard lock.withLock({ machine.isPersisting(id: id) }) else {
      log(.warning, "refresh #\(id) finished after the session changed; its result was discarded")
      return
    }
    do {
      try credentialStorage.save(renewed)
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
    } else {
      log(.debug, "refresh #\(id) succeeded and was saved: \(renewed)")
    }
  }

  /// Job: after a rejection, adopts a credential another process stored, or ends the session.
  private func reread(id: UInt64) {
    guard lock.withLock({ machine.refresh?.id == id }) else { return }
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
    switch completion.outcome {
    case .success(let credential):
      completion.signal.onNext(credential)
      completion.signal.onCompleted()
    case .failure(let error):
      completion.signal.onError(error)
    }
    completion.events.forEach(subject.onNext)
  }

  // MARK: Session changes

  func signIn(_ credential: Credential, completion: @escaping AuthCompletion<Void>) {
    let task = lock.withLock { () -> Task<Void, Never>? in
      let change = machine.signedIn(credential)
      let task = abandonLocked(change.abandoned)
      jobs.append {
        var outcome: Result<Void, AuthError> = .success(())
        do throws(CredentialStorageError) {
          try self.credentialStorage.save(credential)
        } catch {
          outcome = .failure(.storage(error))
          self.log(.error, "sign-in: saving the credential failed; it is used in memory: \(error)")
        }
        change.events.forEach(self.subject.onNext)
        completion(outcome)
      }
      return task
    }
    task?.cancel()
    jobs.drain()
    log(.debug, "signed in: \(credential)")
  }

  func signOut(completion: @escaping AuthCompletion<Void>) {
    let task = lock.withLock { () -> Task<Void, Never>? in
      let change = machine.signedOut()
      let task = abandonLocked(change.abandoned)
      jobs.append {
        let outcome = self.clearStorage()
        change.events.forEach(self.subject.onNext)
        completion(outcome)
      }
      return task
    }
    task?.cancel()
    jobs.drain()
    log(.debug, "signed out")
  }

  func restore(completion: @escaping AuthCompletion<Credential?>) {
    lock.lock()
    if machine.isRestored {
      let credential = machine.credential
      lock.unlock()
      completion(.success(credential))
      return
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
            completion(.success(current))
          }
        case .failure(let error):
          self.jobs.append { completion(.failure(.storage(error))) }
        }
      }
    }
    lock.unlock()
    jobs.drain()
  }

  /// Under the lock: takes the abandoned refresh's task and queues the failure of its waiters.
  private func abandonLocked(_ abandoned: Machine.Refresh?) -> Task<Void, Never>? {
    guard let abandoned else { return nil }
    jobs.append { abandoned.signal.onError(AuthError.sessionEnded) }
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

  func subscribeEvents(_ observer: AnyObserver<SessionEvent>) -> Disposable {
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
        abandoned?.signal.onError(AuthError.coordinatorReleased)
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
