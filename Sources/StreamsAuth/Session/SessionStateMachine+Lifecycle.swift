import Foundation

/// The inputs that change the whole session: sign-in, sign-out, restore, shut-down.
extension SessionStateMachine {
  /// A user signed in with `credential`: it replaces any session; a refresh in flight is
  /// abandoned (its waiters fail with ``AuthError/sessionEnded``) after the credential is saved.
  mutating func signedIn(_ credential: Credential, _ actions: inout [SessionAction]) {
    let abandoned = refresh
    endSession()
    self.credential = credential
    isRestored = true
    actions.append(.log(.debug, .signedIn(credential)))
    abandon(abandoned, with: .sessionEnded, around: .save(credential), &actions)
    emit(.signedIn(credential), &actions)
  }

  /// The app signed out (`reason` ``SignOutReason/requested``), or the session this one depends
  /// on ended (``SignOutReason/upstreamSignedOut(session:reason:)``: then the waiters of a
  /// refresh in flight fail with the matching ``AuthError/upstreamSignedOut(session:reason:)``).
  mutating func signedOut(_ reason: SignOutReason, _ actions: inout [SessionAction]) {
    let abandoned = refresh
    let wasSignedIn = credential != nil
    endSession()
    isRestored = true
    var error = AuthError.sessionEnded
    if case .upstreamSignedOut(let session, let upstreamReason) = reason {
      error = .upstreamSignedOut(session: session, reason: upstreamReason)
    }
    actions.append(.log(.debug, .signedOut(reason)))
    abandon(abandoned, with: error, around: .clearStorage, &actions)
    if wasSignedIn { emit(.signedOut(reason), &actions) }
  }

  /// The store held `loaded` when the restore that began in `restoreEpoch` read it. A sign-in or
  /// sign-out since then wins.
  mutating func loaded(_ loaded: Credential?, epoch restoreEpoch: UInt64, _ actions: inout [SessionAction]) {
    if !isRestored, restoreEpoch == epoch {
      isRestored = true
      if let loaded {
        credential = loaded
        generation = generation.next
      }
      emit(.initialSession(loaded), &actions)
    }
    actions.append(.restored(credential))
  }

  /// The session manager is going away: the refresh in flight is abandoned (its waiters fail with
  /// ``AuthError/sessionReleased``) and the events complete.
  mutating func shutDown(_ actions: inout [SessionAction]) {
    let abandoned = refresh
    refresh = nil
    if let abandoned {
      actions.append(.cancelRefresh(flight: abandoned.flight))
      actions.append(.resolve(flight: abandoned.flight, FlightResult(.failure(.sessionReleased))))
    }
    timer.isRunning = false
    actions.append(.disarmTimer)
    actions.append(.completeEvents)
  }

  /// The order of a session change: cancel the abandoned refresh, `persist` (save or clear), then
  /// fail the abandoned refresh's waiters with `error`, so none of them resumes before the store
  /// holds the change. The abandoned flight is then remembered for its generation's late failures,
  /// or forgotten if it was obtaining a credential.
  private mutating func abandon(
    _ abandoned: Refresh?, with error: AuthError, around persist: SessionAction, _ actions: inout [SessionAction]
  ) {
    guard let abandoned else { return actions.append(persist) }
    actions.append(.cancelRefresh(flight: abandoned.flight))
    actions.append(persist)
    actions.append(.resolve(flight: abandoned.flight, FlightResult(.failure(error))))
    if abandoned.credential == nil {
      actions.append(.forget(flight: abandoned.flight))
    } else {
      settle(abandoned, &actions)
    }
  }

  mutating func endSession() {
    credential = nil
    generation = generation.next
    epoch &+= 1
    installedByRefresh = false
    refresh = nil
    failure = nil
    breakerTripped = nil
    unhelpfulRefreshes.removeAll()
  }
}
