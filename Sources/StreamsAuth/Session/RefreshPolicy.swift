import Foundation

/// Limits and timings of a ``SessionManager``'s refreshes.
public struct RefreshPolicy: Sendable, Hashable {
  /// Seconds before ``Credential/expiresAt`` at which a credential is renewed proactively (30),
  /// capped for short-lived tokens by ``maximumLeewayFraction``; see ``leeway(for:)``.
  public var leeway: TimeInterval
  /// The largest share of a token's issued lifetime (`expires_in`) that the leeway may take
  /// (0.25). With 4-second tokens and the default 30 s leeway, a token is renewed 1 s before it
  /// expires, not on every request.
  public var maximumLeewayFraction: Double
  /// The refresh-loop breaker.
  public var window: RefreshWindow
  /// After a temporary failure (network, 5xx, 429, 408), the failed generation is not refreshed
  /// again for this many seconds (10); callers get the same error at once meanwhile.
  public var temporaryFailureCooldown: TimeInterval

  /// Creates a policy.
  public init(
    leeway: TimeInterval = 30, maximumLeewayFraction: Double = 0.25, window: RefreshWindow = RefreshWindow(),
    temporaryFailureCooldown: TimeInterval = 10
  ) {
    self.leeway = max(0, leeway)
    self.maximumLeewayFraction = min(1, max(0, maximumLeewayFraction.isFinite ? maximumLeewayFraction : 0))
    self.window = window
    self.temporaryFailureCooldown = max(0, temporaryFailureCooldown)
  }

  /// The leeway for `credential`: ``leeway``, but never more than ``maximumLeewayFraction`` of
  /// the lifetime it was issued with (``Credential/issuedAt`` to ``Credential/expiresAt``).
  /// A credential whose issue time is unknown gets the full ``leeway``.
  public func leeway(for credential: Credential) -> TimeInterval {
    guard let expiresAt = credential.expiresAt, let issuedAt = credential.issuedAt else { return leeway }
    let lifetime = max(0, expiresAt.timeIntervalSince(issuedAt))
    return min(leeway, lifetime * maximumLeewayFraction)
  }
}

/// The refresh-loop breaker: at most ``maximumRefreshes`` refreshes that did not help within
/// ``interval`` seconds; the next one fails with ``AuthError/excessiveRefresh(refreshes:interval:)``.
///
/// A refresh "did not help" when it renews a credential that a refresh produced and that was not
/// yet due for renewal: the resource server rejected a fresh token (a resource that always
/// answers 401, a wrong audience, a server key change). Healthy refreshes of expiring tokens do
/// not count, so short-lived tokens never trip it.
///
/// Alamofire's `RefreshWindow` (30 s, 5 attempts) counts every refresh; with 4-second tokens its
/// default trips after 20 s of normal use. This window has the same defaults but counts only
/// refreshes that did not help.
public struct RefreshWindow: Sendable, Hashable {
  /// The length of the window, in seconds (30).
  public var interval: TimeInterval
  /// The most refreshes that did not help allowed within the window (5).
  public var maximumRefreshes: Int

  /// Creates a window.
  public init(interval: TimeInterval = 30, maximumRefreshes: Int = 5) {
    self.interval = max(0, interval)
    self.maximumRefreshes = max(1, maximumRefreshes)
  }
}
