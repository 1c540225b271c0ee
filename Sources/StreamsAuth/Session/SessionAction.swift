import Foundation

/// What ``SessionStateMachine`` asks for: ``SessionEngine`` performs each action after unlocking
/// (the bookkeeping of flights under the lock), in the order the machine listed it, in one place
/// (`SessionEngine.schedule(_:in:persisted:)`).
///
/// A refresh flight is named by its id; the engine owns what belongs to it (its task, the
/// cross-process lock it holds, its waiters and the replaying subject of its Rx face).
enum SessionAction: Sendable {
  /// Start flight `flight`: renew `credential`, or obtain one when it is `nil`. When the refresher
  /// returns, report ``SessionStateMachine/Input/refreshReturned(flight:_:adopted:now:uptime:)``.
  case startRefresh(flight: UInt64, Credential?)
  /// Cancel flight `flight`'s task (the session changed under it).
  case cancelRefresh(flight: UInt64)
  /// Save `credential` for flight `flight` (unless `write` is false: another process stored it),
  /// release the flight's cross-process lock, then report
  /// ``SessionStateMachine/Input/saved(flight:)``. A failed save is logged; the credential is
  /// used in memory (its refresh token is already spent).
  case saveRenewal(flight: UInt64, Credential, write: Bool)
  /// Read the store after flight `flight` was rejected, release the flight's cross-process lock,
  /// then report ``SessionStateMachine/Input/reread(flight:loaded:)``.
  case reread(flight: UInt64)
  /// Release flight `flight`'s cross-process lock, if it holds one.
  case releaseLock(flight: UInt64)
  /// Save a signed-in credential; its outcome is the sign-in's.
  case save(Credential)
  /// Clear the store; its outcome is the sign-out's.
  case clearStorage
  /// Publish `result` to every waiter of flight `flight`, present and future.
  case resolve(flight: UInt64, FlightResult)
  /// The machine no longer refers to flight `flight`: drop its subject.
  case forget(flight: UInt64)
  /// Emit a session event.
  case emit(SessionEvent)
  /// Read the store for the restore that began in `epoch`, then report
  /// ``SessionStateMachine/Input/loaded(_:epoch:)``.
  case load(epoch: UInt64)
  /// Answer every caller of a restore: the session holds `credential`.
  case restored(Credential?)
  /// Replace the proactive refresh timer with one that fires at `deadline` and then reports
  /// ``SessionStateMachine/Input/timerFired(token:now:uptime:)`` with `token`.
  case armTimer(token: UInt64, SessionStateMachine.TimerDeadline)
  /// Stop the proactive refresh timer.
  case disarmTimer
  /// Complete the event stream (the session manager is going away).
  case completeEvents
  /// Write a log line.
  case log(AuthLogMessage.Level, SessionNote)
}

/// The outcome of a refresh flight, as every waiter receives it: typed, never thrown through the
/// subject (a subject's error is untyped).
struct FlightResult: Sendable {
  /// The outcome for a caller that needs the refresh (a request that failed authentication).
  let outcome: Result<VersionedCredential, AuthError>
  /// For a caller that only wanted a usable credential (``SessionManager/validSession()``): the
  /// credential that still works after a temporary failure, if any.
  let kept: VersionedCredential?

  init(_ outcome: Result<VersionedCredential, AuthError>, kept: VersionedCredential? = nil) {
    self.outcome = outcome
    self.kept = kept
  }

  /// The outcome of a caller that left the wait (its task was cancelled).
  static let cancelled = FlightResult(.failure(.cancelled))

  /// The outcome for a caller that asked proactively (`proactive`) or after a failure.
  func outcome(proactive: Bool) -> Result<VersionedCredential, AuthError> {
    if proactive, let kept { return .success(kept) }
    return outcome
  }
}

/// A log line of the session, formatted only when a log handler wants it. Credentials appear
/// through their redacted descriptions.
enum SessionNote: Sendable {
  case signedIn(Credential)
  case signedOut(SignOutReason)
  case refreshStarted(flight: UInt64, Credential?)
  case adoptedFromAnotherProcess(flight: UInt64)
  case discarded(flight: UInt64)
  case rejectedRereading(flight: UInt64, AuthError)
  case failedKept(flight: UInt64, AuthError)
  case saved(flight: UInt64, Credential)
  case savedAfterChange(flight: UInt64)
  case adoptedAfterRejection(flight: UInt64)
  case cleared(flight: UInt64)

  var text: String {
    switch self {
    case .signedIn(let credential): "signed in: \(credential)"
    case .signedOut(let reason): "signed out (\(reason))"
    case .refreshStarted(let flight, let credential):
      "refresh #\(flight) started for \(credential.map { "\($0)" } ?? "no credential (obtaining one)")"
    case .adoptedFromAnotherProcess(let flight):
      "refresh #\(flight): another process had renewed the credential; adopted it"
    case .discarded(let flight): "refresh #\(flight) finished after the session changed; its result was discarded"
    case .rejectedRereading(let flight, let error):
      "refresh #\(flight) was rejected; checking storage before ending the session: \(error)"
    case .failedKept(let flight, let error): "refresh #\(flight) failed; the session was kept: \(error)"
    case .saved(let flight, let credential): "refresh #\(flight) succeeded and was saved: \(credential)"
    case .savedAfterChange(let flight):
      "refresh #\(flight) was saved but the session changed meanwhile; the next sign-in or sign-out replaces it"
    case .adoptedAfterRejection(let flight):
      "refresh #\(flight): another process had already renewed the credential; adopted it"
    case .cleared(let flight): "refresh #\(flight): the refresh token was rejected; the session was cleared"
    }
  }
}
