import Foundation
import Streams
@testable import StreamsAuth

/// A refresher the test scripts: each call may wait at a gate, then returns the next scripted
/// outcome (by default a fresh credential, `at-N`/`rt-N`, valid for an hour).
final class ScriptedRefresher: CredentialRefresher, @unchecked Sendable {
  struct Log: Sendable {
    var calls = 0
    var refreshed: [Credential] = []
    var cancelled = 0
    var finished = 0
    var revoked: [Credential] = []
  }

  let log = Observed(Log())
  /// The gates and outcomes of the next calls, taken together by each call.
  private let pending = Locked<(gates: [Gate], outcomes: [Result<Credential, AuthError>])>(([], []))
  private let scheduler: any SchedulerType
  var lifetime: TimeInterval = 3600

  /// - Parameter scheduler: Whose `now` stamps the credentials it returns; the wall clock by
  ///   default, a `TestScheduler` when the test moves time.
  init(scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility)) {
    self.scheduler = scheduler
  }

  /// The next call waits at the returned gate.
  func holdNext() -> Gate {
    let gate = Gate()
    pending.withLock { $0.gates.append(gate) }
    return gate
  }

  /// The next call (after its gate) ends with `outcome`.
  func script(_ outcome: Result<Credential, AuthError>) {
    pending.withLock { $0.outcomes.append(outcome) }
  }

  /// Records the credential; revoking always succeeds.
  func revoke(_ credential: Credential) async throws(AuthError) {
    log.update { $0.revoked.append(credential) }
  }

  func refresh(_ credential: Credential) async throws(AuthError) -> Credential {
    var number = 0
    log.update {
      $0.calls += 1
      $0.refreshed.append(credential)
      number = $0.calls
    }
    let (gate, scripted) = pending.withLock {
      ($0.gates.isEmpty ? nil : $0.gates.removeFirst(), $0.outcomes.isEmpty ? nil : $0.outcomes.removeFirst())
    }
    if let gate {
      do {
        try await gate.waitUnlessCancelled()
      } catch {
        log.update { $0.cancelled += 1 }
        throw .cancelled
      }
    }
    defer { log.update { $0.finished += 1 } }
    if let scripted { return try scripted.get() }
    let now = scheduler.now
    return Credential(
      accessToken: "at-\(number)", refreshToken: "rt-\(number)", expiresAt: now.addingTimeInterval(lifetime),
      userID: credential.userID, issuedAt: now)
  }
}

/// A storage that records every call in order, into a log it shares with the test.
final class RecordingStorage: CredentialStorage, @unchecked Sendable {
  let events: Observed<[String]>
  private let lock = NSLock()
  private var stored: Credential?
  var failSaves = false

  init(_ credential: Credential? = nil, events: Observed<[String]> = Observed([])) {
    self.stored = credential
    self.events = events
  }

  var credential: Credential? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// Replaces the stored credential without logging (as another process would).
  func replaceBehindTheScenes(_ credential: Credential?) {
    lock.lock()
    stored = credential
    lock.unlock()
  }

  func load() throws(CredentialStorageError) -> Credential? {
    events.update { $0.append("load") }
    return credential
  }

  func save(_ credential: Credential) throws(CredentialStorageError) {
    if failSaves {
      events.update { $0.append("save-failed \(credential.accessToken)") }
      throw .fileSystem(operation: "write", path: "/test", reason: "simulated")
    }
    lock.lock()
    stored = credential
    lock.unlock()
    events.update { $0.append("save \(credential.accessToken)") }
  }

  func clear() throws(CredentialStorageError) {
    lock.lock()
    stored = nil
    lock.unlock()
    events.update { $0.append("clear") }
  }
}

/// Collects session events.
final class EventRecorder: @unchecked Sendable {
  let events = Observed<[SessionEvent]>([])
  private var subscription: (any Disposable)?

  init(_ observable: Observable<SessionEvent>) {
    subscription = observable.subscribe(onNext: { [events] event in events.update { $0.append(event) } })
  }

  deinit {
    subscription?.dispose()
  }
}

extension Credential {
  /// A credential for tests: `at-0`/`rt-0`, expiring at `expiresAt`.
  static func test(
    access: String = "at-0", refresh: String? = "rt-0", expiresAt: Date? = nil, userID: String? = "user-1"
  ) -> Credential {
    Credential(accessToken: access, refreshToken: refresh, expiresAt: expiresAt, userID: userID)
  }
}
