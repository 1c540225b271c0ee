import Foundation

/// The inputs of a refresh's progress: the refresher returned, the renewal was saved, the store
/// was re-read after a rejection.
extension SessionStateMachine {
  /// Flight `flight`'s refresher returned `result`.
  mutating func refreshReturned(
    flight: UInt64, _ result: Result<Credential, AuthError>, adopted: Bool, now: Date, uptime: TimeInterval,
    _ actions: inout [SessionAction]
  ) {
    if adopted { actions.append(.log(.debug, .adoptedFromAnotherProcess(flight: flight))) }
    guard var refresh, refresh.flight == flight, case .requesting = refresh.stage else {
      actions.append(.releaseLock(flight: flight))
      actions.append(.log(.warning, .discarded(flight: flight)))
      return
    }
    switch result {
    case .success(let renewed):
      refresh.stage = .persisting(renewed)
      self.refresh = refresh
      actions.append(.saveRenewal(flight: flight, renewed, write: !adopted))
    case .failure(let error) where refresh.credential == nil:
      // Obtaining a credential failed: there is no session to end or to keep. Nothing to obtain
      // from (the upstream session is signed out) is not an event: nothing happened.
      self.refresh = nil
      actions.append(.releaseLock(flight: flight))
      actions.append(.resolve(flight: flight, FlightResult(.failure(error))))
      if error != .notSignedIn { emit(.refreshFailed(error), &actions) }
      actions.append(.forget(flight: flight))
    case .failure(let error) where error.isFatal:
      refresh.stage = .rereading(error)
      self.refresh = refresh
      actions.append(.log(.warning, .rejectedRereading(flight: flight, error)))
      actions.append(.reread(flight: flight))
    case .failure(let error):
      self.refresh = nil
      settle(refresh, &actions)
      failure = Failure(generation: refresh.generation, error: error, at: uptime)
      actions.append(.releaseLock(flight: flight))
      actions.append(.log(.warning, .failedKept(flight: flight, error)))
      actions.append(
        .resolve(flight: flight, FlightResult(.failure(error), kept: stillWorking(after: error, now: now))))
      emit(.refreshFailed(error), &actions)
    }
  }

  /// Flight `flight`'s renewal was saved (or saving failed): install it.
  mutating func saved(flight: UInt64, _ actions: inout [SessionAction]) {
    guard let refresh, refresh.flight == flight, case .persisting(let renewed) = refresh.stage else {
      actions.append(.log(.warning, .savedAfterChange(flight: flight)))
      return
    }
    settle(refresh, &actions)
    let obtained = refresh.credential == nil
    credential = renewed
    generation = generation.next
    installedByRefresh = !obtained
    isRestored = true
    self.refresh = nil
    failure = nil
    breakerTripped = nil
    actions.append(.log(.debug, .saved(flight: flight, renewed)))
    actions.append(
      .resolve(flight: flight, FlightResult(.success(VersionedCredential(credential: renewed, generation: generation))))
    )
    emit(obtained ? .signedIn(renewed) : .tokenRefreshed(renewed), &actions)
    if obtained { actions.append(.forget(flight: flight)) }
  }

  /// After flight `flight` was rejected, the store held `loaded`: adopt it if another process
  /// rotated the credential meanwhile, otherwise end the session.
  mutating func reread(flight: UInt64, loaded: Credential?, _ actions: inout [SessionAction]) {
    guard let refresh, refresh.flight == flight, case .rereading(let error) = refresh.stage else { return }
    self.refresh = nil
    settle(refresh, &actions)
    if let loaded, let token = loaded.refreshToken, token != refresh.credential?.refreshToken {
      credential = loaded
      generation = generation.next
      installedByRefresh = true
      failure = nil
      actions.append(.log(.debug, .adoptedAfterRejection(flight: flight)))
      actions.append(
        .resolve(
          flight: flight, FlightResult(.success(VersionedCredential(credential: loaded, generation: generation)))))
      emit(.tokenRefreshed(loaded), &actions)
      return
    }
    endSession()
    actions.append(.log(.warning, .cleared(flight: flight)))
    actions.append(.clearStorage)
    actions.append(.resolve(flight: flight, FlightResult(.failure(error))))
    emit(.refreshFailed(error), &actions)
    emit(.signedOut(error.signOutReason), &actions)
  }

  /// Remembers `refresh`'s flight for late authentication failures of its generation, forgetting
  /// the oldest one that falls out of memory. A flight that obtained a credential has no
  /// generation's failures to answer: its caller forgets it after resolving it.
  mutating func settle(_ refresh: Refresh, _ actions: inout [SessionAction]) {
    guard let credential = refresh.credential else { return }
    if settled.count == Self.settledMemory { actions.append(.forget(flight: settled.removeFirst().flight)) }
    settled.append(Settled(generation: refresh.generation, accessToken: credential.accessToken, flight: refresh.flight))
  }
}
