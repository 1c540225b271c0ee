import Foundation
import Streams

extension SessionManager {
  /// Starts the proactive refresh timer (call when the app enters the foreground): it fires at
  /// `expiresAt − leeway` (``RefreshPolicy/leeway(for:)``) and is re-armed on every credential
  /// change; after a failed refresh it tries again after ``RefreshPolicy/temporaryFailureCooldown``.
  public func startAutoRefresh() {
    autoRefresh.withLock { $0.isRunning = true }
    rearm(after: nil)
  }

  /// Stops the timer (call when the app enters the background).
  public func stopAutoRefresh() {
    autoRefresh.withLock { $0.takeTimer(stopping: true) }?.dispose()
  }

  /// Whether the proactive refresh timer is running.
  public var isAutoRefreshing: Bool { autoRefresh.snapshot.isRunning }

  func handle(_ event: SessionEvent) {
    switch event {
    case .initialSession, .signedIn, .tokenRefreshed:
      rearm(after: nil)
    case .refreshFailed:
      rearm(after: max(1, policy.temporaryFailureCooldown))
    case .signedOut:
      autoRefresh.withLock { $0.takeTimer(stopping: false) }?.dispose()
    }
  }

  /// Replaces the timer: after `delay`, or at `expiresAt − leeway` of the current credential but
  /// not sooner than `minimumWait`.
  private func rearm(after delay: TimeInterval?, minimumWait: TimeInterval = 0) {
    let (token, previous) = autoRefresh.withLock { state -> (UInt64?, Disposable?) in
      let previous = state.takeTimer(stopping: false)
      return (state.isRunning ? state.token : nil, previous)
    }
    previous?.dispose()
    guard let token, let credential = current?.credential else { return }
    let scheduler = engine.scheduler
    var wait: TimeInterval
    if let delay {
      wait = delay
    } else {
      guard let expiresAt = credential.expiresAt else { return }
      wait = max(minimumWait, expiresAt.timeIntervalSince(scheduler.now) - policy.leeway(for: credential))
    }
    let timer = scheduler.schedule(afterSeconds: wait) { [weak self] in self?.timerFired() }
    let stale = autoRefresh.withLock { state -> Bool in
      guard state.isRunning, state.token == token else { return true }
      state.timer = UncheckedSendable(timer)
      return false
    }
    if stale { timer.dispose() }
  }

  private func timerFired() {
    // A refresh emits tokenRefreshed or refreshFailed, which re-arm; a credential that did not
    // need one yet (the timer fired early) re-arms here, at least a second on: a scheduler whose
    // clock ticks in whole seconds (or a dispatch timer a little early) would otherwise fire again
    // at the same instant, forever. The subscription ends with the single.
    _ = engine.single(of: engine.credential()).subscribe(onSuccess: { [weak self] versioned in
      guard let self else { return }
      let credential = versioned.credential
      if !credential.needsRefresh(at: self.engine.scheduler.now, leeway: self.policy.leeway(for: credential)) {
        self.rearm(after: nil, minimumWait: 1)
      } else {
        self.rearm(after: max(1, self.policy.temporaryFailureCooldown))
      }
    })
  }
}

/// The proactive refresh timer's state; `token` invalidates timers armed before a change.
struct AutoRefreshState {
  var isRunning = false
  var token: UInt64 = 0
  var timer: UncheckedSendable<Disposable>?

  /// Invalidates every armed timer and hands back the current one, to dispose after unlocking;
  /// `stopping` also stops the proactive refresh.
  mutating func takeTimer(stopping: Bool) -> Disposable? {
    if stopping { isRunning = false }
    token &+= 1
    defer { timer = nil }
    return timer?.value
  }
}
