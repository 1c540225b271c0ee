import Streams

/// A dependent session follows its upstream session: it ends when the upstream ends or another
/// user signs in upstream.
extension SessionManager {
  /// Subscribes this session to `upstream`'s events (at init). Delivered from the upstream
  /// session's event job, never under its lock.
  func follow(_ upstream: SessionManager) {
    let upstreamName = upstream.name
    upstreamSubscription.setDisposable(
      upstream.events.subscribe(onNext: { [weak self] event in
        guard let self else { return }
        switch event {
        case .signedOut(let reason):
          self.endWithUpstream(.upstreamSignedOut(session: upstreamName, reason: reason))
        case .signedIn(let credential):
          // A sign-in replaces the upstream session: this session's tokens belong to the one
          // that ended unless the same (known) user signed in again.
          if let current = self.engine.current?.credential,
            current.userID == nil || current.userID != credential.userID
          {
            self.endWithUpstream(.upstreamSignedOut(session: upstreamName, reason: .requested))
          }
        case .initialSession, .tokenRefreshed, .refreshFailed:
          break
        }
      }))
  }

  /// Ends this dependent session because its upstream session ended, and revokes the tokens that
  /// ended with it (when its token server has a revocation endpoint), as a sign-out does: tokens
  /// that belonged to an ended session must not stay usable at the server.
  /// Returns what publishes the outcome of clearing the stored credential.
  @discardableResult
  func endWithUpstream(_ reason: SignOutReason) -> AsyncSubject<Void> {
    let (cleared, ended) = engine.signOut(reason)
    if let ended {
      // Nobody waits for the server: the upstream's event is being delivered. A failure is logged.
      Task { [engine] in try? await engine.revoke(ended) }
    }
    return cleared
  }
}
