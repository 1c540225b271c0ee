import Foundation

/// The proactive refresh timer's rules, and the one way the machine emits an event (events
/// re-arm the timer).
extension SessionStateMachine {
  /// The proactive refresh timer: whether it runs, and which arming is current (a timer armed
  /// before the latest change fires into nothing).
  struct ProactiveTimer: Sendable {
    var isRunning = false
    var armed: UInt64 = 0
  }

  /// When an armed timer fires.
  enum TimerDeadline: Sendable, Equatable {
    /// At `date` (a credential's `expiresAt − leeway`), but not sooner than `minimumWait` seconds.
    case at(Date, minimumWait: TimeInterval)
    /// After `seconds`.
    case after(TimeInterval)
  }

  /// The app started the proactive refresh (on entering the foreground): arm for the credential.
  mutating func autoRefreshStarted(_ actions: inout [SessionAction]) {
    timer.isRunning = true
    armForCredential(minimumWait: 0, &actions)
  }

  /// The app stopped it (on entering the background).
  mutating func autoRefreshStopped(_ actions: inout [SessionAction]) {
    timer.isRunning = false
    disarm(&actions)
  }

  /// Timer `token` fired: refresh if the credential is due. A refresh's outcome re-arms through
  /// its event; a timer that fired early (a clock that ticks in whole seconds, a dispatch timer a
  /// little early) re-arms at least a second on, so it cannot fire at the same instant forever.
  mutating func timerFired(token: UInt64, now: Date, uptime: TimeInterval, _ actions: inout [SessionAction]) {
    guard timer.isRunning, token == timer.armed, let credential, refresh == nil else { return }
    guard credential.needsRefresh(at: now, leeway: policy.leeway(for: credential)) else {
      armForCredential(minimumWait: 1, &actions)
      return
    }
    if case .join = authenticationFailed(generation, now: now, uptime: uptime, &actions) { return }
    arm(.after(max(1, policy.temporaryFailureCooldown)), &actions)
  }

  /// Emits `event`; while the proactive refresh runs, a new credential re-arms the timer for it,
  /// a failed refresh re-arms it for after the cooldown, and the end of the session disarms it.
  mutating func emit(_ event: SessionEvent, _ actions: inout [SessionAction]) {
    actions.append(.emit(event))
    guard timer.isRunning else { return }
    switch event {
    case .initialSession, .signedIn, .tokenRefreshed:
      armForCredential(minimumWait: 0, &actions)
    case .refreshFailed:
      arm(.after(max(1, policy.temporaryFailureCooldown)), &actions)
    case .signedOut:
      disarm(&actions)
    }
  }

  /// Arms the timer for `expiresAt − leeway` of the credential, not sooner than `minimumWait`;
  /// disarms it when the credential does not expire (or there is none).
  private mutating func armForCredential(minimumWait: TimeInterval, _ actions: inout [SessionAction]) {
    guard let credential, let expiresAt = credential.expiresAt else { return disarm(&actions) }
    let deadline = expiresAt.addingTimeInterval(-policy.leeway(for: credential))
    arm(.at(deadline, minimumWait: minimumWait), &actions)
  }

  private mutating func arm(_ deadline: TimerDeadline, _ actions: inout [SessionAction]) {
    timer.armed &+= 1
    actions.append(.armTimer(token: timer.armed, deadline))
  }

  private mutating func disarm(_ actions: inout [SessionAction]) {
    timer.armed &+= 1
    actions.append(.disarmTimer)
  }
}
