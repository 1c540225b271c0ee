import Foundation

/// The inputs of callers that want a credential: a request to adapt, and a request that failed
/// authentication (compare-and-refresh).
extension SessionStateMachine {
  /// A caller wants a usable credential: the current one, unless it is within the leeway of its
  /// expiry (then a refresh, or the one in flight). A proactive refresh that cannot run now
  /// leaves the caller a credential that still works.
  mutating func credentialRequested(now: Date, uptime: TimeInterval, _ actions: inout [SessionAction]) -> Answer {
    guard let credential, let current else {
      guard obtains else { return .failed(.notSignedIn) }
      // A dependent session without a credential obtains one, in the same single flight.
      if let refresh { return .join(flight: refresh.flight, proactive: true) }
      return startFlight(credential: nil, &actions)
    }
    if let refresh { return .join(flight: refresh.flight, proactive: true) }
    guard credential.needsRefresh(at: now, leeway: policy.leeway(for: credential)) else { return .ready(current) }
    switch authenticationFailed(generation, now: now, uptime: uptime, &actions) {
    case .join(let flight, _):
      return .join(flight: flight, proactive: true)
    case .failed(let error):
      return stillWorking(after: error, now: now).map(Answer.ready) ?? .failed(error)
    case let answer:
      return answer
    }
  }

  /// The rule "a temporary failure does not fail a credential that still works": the session's
  /// credential if `error` neither ended the session nor cancelled the caller and the credential
  /// has not expired at `now`; otherwise `nil`.
  func stillWorking(after error: AuthError, now: Date) -> VersionedCredential? {
    guard !error.isFatal, error != .cancelled, let current, !current.credential.isExpired(at: now) else { return nil }
    return current
  }

  /// A request authorized with `requested` failed authentication: compare-and-refresh. A
  /// generation whose refresh already finished gets that refresh's outcome; an older one gets the
  /// current credential.
  mutating func authenticationFailed(
    _ requested: Generation, now: Date, uptime: TimeInterval, _ actions: inout [SessionAction]
  ) -> Answer {
    if requested != generation || credential == nil, let settled = settled.last(where: { $0.generation == requested }) {
      return .join(flight: settled.flight, proactive: false)
    }
    guard let credential, let current else { return .failed(.notSignedIn) }
    if requested != generation { return .ready(current) }
    if let refresh { return .join(flight: refresh.flight, proactive: false) }
    if let failure, failure.generation == generation,
      failure.error.isFatal || uptime - failure.at < policy.temporaryFailureCooldown
    {
      return .failed(failure.error)
    }
    if !obtains, credential.refreshToken?.isEmpty ?? true { return .failed(.noRefreshToken) }
    // A refresh of a credential that a refresh produced and that is not yet due means the
    // resource server rejected a fresh token: only such refreshes count towards the breaker.
    let isUnhelpful = installedByRefresh && !credential.needsRefresh(at: now, leeway: policy.leeway(for: credential))
    // A local copy: a closure that reads `self.policy` while `unhelpfulRefreshes` is modified
    // overlaps it where the compiler cannot prove them disjoint (CONTRIBUTING, "Exclusivity").
    let window = policy.window
    unhelpfulRefreshes.removeAll { uptime - $0 >= window.interval || $0 > uptime }
    if isUnhelpful, unhelpfulRefreshes.count >= window.maximumRefreshes {
      let error = AuthError.excessiveRefresh(refreshes: unhelpfulRefreshes.count, interval: window.interval)
      if breakerTripped != generation { emit(.refreshFailed(error), &actions) }
      breakerTripped = generation
      return .failed(error)
    }
    if isUnhelpful { unhelpfulRefreshes.append(uptime) }
    return startFlight(credential: credential, &actions)
  }

  /// Like ``authenticationFailed(_:now:uptime:_:)``, for a request identified by the access token
  /// it carried (`nil` when it carried none).
  mutating func authenticationFailed(
    carrying token: String?, now: Date, uptime: TimeInterval, _ actions: inout [SessionAction]
  ) -> Answer {
    if let credential, token == credential.accessToken {
      return authenticationFailed(generation, now: now, uptime: uptime, &actions)
    }
    if let token, let settled = settled.last(where: { $0.accessToken == token }) {
      return authenticationFailed(settled.generation, now: now, uptime: uptime, &actions)
    }
    guard let current else { return .failed(.notSignedIn) }
    return .ready(current)
  }

  /// Starts the one flight: a refresh of `credential`, or obtaining one when it is `nil`.
  private mutating func startFlight(credential: Credential?, _ actions: inout [SessionAction]) -> Answer {
    lastFlight += 1
    refresh = Refresh(flight: lastFlight, generation: generation, credential: credential, stage: .requesting)
    actions.append(.startRefresh(flight: lastFlight, credential))
    actions.append(.log(.debug, .refreshStarted(flight: lastFlight, credential)))
    return .join(flight: lastFlight, proactive: false)
  }
}
