import Foundation

/// Limits and timings of a ``RefreshCoordinator``.
public struct RefreshPolicy: Sendable, Hashable {
  /// Seconds before ``Credential/expiresAt`` at which a credential is renewed proactively (30).
  public var leeway: TimeInterval
  /// The refresh-loop breaker: at most this many refreshes within this many seconds.
  public var window: RefreshWindow
  /// After a temporary failure (network, 5xx, 429, 408), the failed generation is not refreshed
  /// again for this many seconds (10); callers get the same error at once meanwhile.
  public var temporaryFailureCooldown: TimeInterval

  /// Creates a policy.
  public init(
    leeway: TimeInterval = 30, window: RefreshWindow = RefreshWindow(), temporaryFailureCooldown: TimeInterval = 10
  ) {
    self.leeway = max(0, leeway)
    self.window = window
    self.temporaryFailureCooldown = max(0, temporaryFailureCooldown)
  }
}

/// The refresh-loop breaker: at most ``maximumRefreshes`` refreshes within ``interval`` seconds;
/// the next one fails with ``AuthError/excessiveRefresh(refreshes:interval:)``.
public struct RefreshWindow: Sendable, Hashable {
  /// The length of the window, in seconds (30).
  public var interval: TimeInterval
  /// The most refreshes allowed within the window (5).
  public var maximumRefreshes: Int

  /// Creates a window.
  public init(interval: TimeInterval = 30, maximumRefreshes: Int = 5) {
    self.interval = max(0, interval)
    self.maximumRefreshes = max(1, maximumRefreshes)
  }
}
