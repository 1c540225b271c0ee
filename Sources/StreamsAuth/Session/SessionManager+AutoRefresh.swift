import Foundation
import Streams

extension SessionManager {
  /// Starts the proactive refresh timer (call when the app enters the foreground): it fires at
  /// `expiresAt − leeway` (``RefreshPolicy/leeway(for:)``) and is re-armed on every credential
  /// change; after a failed refresh it tries again after ``RefreshPolicy/temporaryFailureCooldown``.
  public func startAutoRefresh() {
    engine.handle(.autoRefreshStarted)
  }

  /// Stops the timer (call when the app enters the background).
  public func stopAutoRefresh() {
    engine.handle(.autoRefreshStopped)
  }

  /// Whether the proactive refresh timer is running.
  public var isAutoRefreshing: Bool { engine.state.withLock { $0.machine.timer.isRunning } }
}

extension SessionEngine {
  /// Effect of ``SessionAction/armTimer(token:_:)``: schedules timer `token` on the session's
  /// scheduler (outside the lock) and keeps it, unless the machine armed or disarmed another
  /// meanwhile (then it is disposed at once). The timer holds the engine weakly.
  func arm(token: UInt64, _ deadline: Machine.TimerDeadline) {
    let wait: TimeInterval
    switch deadline {
    case .after(let seconds):
      wait = seconds
    case .at(let date, let minimumWait):
      wait = max(minimumWait, date.timeIntervalSince(scheduler.now))
    }
    let timer = scheduler.schedule(afterSeconds: wait) { [weak self] in
      guard let self else { return }
      self.handle(.timerFired(token: token, now: self.scheduler.now, uptime: self.scheduler.monotonicNow))
    }
    let stale = state.withLock { state -> Bool in
      guard state.machine.timer.isRunning, state.machine.timer.armed == token else { return true }
      state.timer = timer
      return false
    }
    if stale { timer.dispose() }
  }
}
