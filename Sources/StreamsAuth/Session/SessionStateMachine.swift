import Foundation
import Streams

/// The rules of a session, with no side effects: events in, actions out.
///
/// ``SessionEngine`` holds it under a lock and performs the actions after unlocking, in order.
///
/// - `credential`, `generation`, `epoch`: one source of truth. The generation is bumped on every
///   credential change; the epoch on sign-in, sign-out and a rejected refresh, so a refresh that
///   started in an older epoch can never install its result.
/// - `refresh`: the one refresh in flight, always for the current generation; its `signal` is a
///   replaying subject (an `AsyncSubject`) on which the outcome is published once, so every
///   waiter, including one that subscribes after the outcome, receives it exactly once.
/// - `settled`: the signals of the last few generations whose refresh has finished (or was
///   abandoned). An authentication failure for generation G that arrives after G's refresh
///   joins G's signal, so it gets G's outcome however late: the renewed credential, or the same
///   typed error (a fatal one even after the session was cleared).
/// - `failure`: the last failed generation; it is not refreshed again (for a temporary failure,
///   not until the cooldown has passed).
/// - `unhelpfulRefreshes`: monotonic start times, within the breaker window, of refreshes that did
///   not help (see ``RefreshWindow``).
struct SessionStateMachine: Sendable {
  /// The replaying outcome of one refresh flight: every waiter of the flight, however late,
  /// receives it exactly once. (Not called `Signal`, which StreamsCocoa's public type is.)
  typealias FlightOutcome = AsyncSubject<VersionedCredential>

  /// A refresh in flight.
  struct Refresh: Sendable {
    /// When the refresh is in each stage.
    enum Stage: Sendable {
      /// The refresher is running.
      case requesting
      /// The refresher succeeded; the new credential is being saved before anyone sees it.
      case persisting(Credential)
      /// The refresher was rejected; storage is being re-read in case another process rotated.
      case rereading(AuthError)
    }

    let id: UInt64
    let generation: Generation
    /// The credential being renewed; `nil` when the session has none and the refresher obtains
    /// one (a dependent session's token exchange).
    let credential: Credential?
    let signal: FlightOutcome
    var stage: Stage
  }

  /// A generation whose refresh finished: its access token and the signal holding its outcome.
  /// Its mirror hides the token, so `dump` of a session prints none.
  private struct Settled: Sendable, CustomReflectable {
    let generation: Generation
    let accessToken: String
    let signal: FlightOutcome

    var customMirror: Mirror {
      Mirror(
        self, children: ["generation": generation, "accessToken": Redacted.describe(accessToken, showLength: true)],
        displayStyle: .struct)
    }
  }

  /// How many settled generations are remembered for late authentication failures.
  private static let settledMemory = 4

  private struct Failure: Sendable {
    let generation: Generation
    let error: AuthError
    let at: TimeInterval
  }

  /// What to do with a caller that wants a credential.
  enum WaitAction {
    /// Resume the caller now with this credential; emit `event` first, if any.
    case resume(VersionedCredential, event: SessionEvent?)
    /// Subscribe the caller to the signal of the refresh in flight.
    case join(FlightOutcome)
    /// Start refresh `id` of `credential` (outside the lock), then subscribe the caller to `signal`;
    /// with no credential, the refresher obtains one.
    case startRefresh(id: UInt64, credential: Credential?, signal: FlightOutcome)
    /// Fail the caller with `error`; emit `event` first, if any.
    case fail(AuthError, event: SessionEvent?)
  }

  /// What to do when the refresher returned.
  enum FinishAction {
    /// The result belongs to a refresh that no longer counts (the session changed): drop it.
    case discard
    /// Save `credential`, then report ``persisted(id:)``.
    case persist(Credential)
    /// Load the stored credential, then report ``reread(id:loaded:)``.
    case reread
    /// Publish `outcome` on `signal` and emit `events`.
    case publish(FlightOutcome, Result<VersionedCredential, AuthError>, events: [SessionEvent])
  }

  /// What to do after a refresh's last step.
  struct Completion {
    /// The signal to publish on.
    let signal: FlightOutcome
    /// The outcome every waiter receives.
    let outcome: Result<VersionedCredential, AuthError>
    /// The events to emit.
    let events: [SessionEvent]
    /// Whether the storage must be cleared (the session ended).
    let clearStorage: Bool
  }

  /// What to do after sign-in or sign-out.
  struct SessionChange {
    /// The refresh that was in flight: cancel its task and fail its waiters with ``AuthError/sessionEnded``.
    let abandoned: Refresh?
    /// The events to emit.
    let events: [SessionEvent]
  }

  let policy: RefreshPolicy
  /// Whether the refresher can obtain a credential from nothing and renew one without a refresh
  /// token (``CredentialRefresher/obtainsCredentials``): a dependent session.
  let obtains: Bool
  private(set) var credential: Credential?
  private(set) var generation = Generation(0)
  private(set) var epoch: UInt64 = 0
  private(set) var refresh: Refresh?
  private(set) var isRestored = false
  private var failure: Failure?
  private var breakerTripped: Generation?
  private var unhelpfulRefreshes: [TimeInterval] = []
  private var installedByRefresh = false
  private var settled: [Settled] = []
  private var lastRefreshID: UInt64 = 0

  init(policy: RefreshPolicy, obtains: Bool = false) {
    self.policy = policy
    self.obtains = obtains
  }

  /// The current credential and its generation.
  var current: VersionedCredential? {
    credential.map { VersionedCredential(credential: $0, generation: generation) }
  }

  // MARK: Waiting for a credential

  /// A caller wants a usable credential: the current one, unless it is within the leeway of its
  /// expiry (then a refresh, or the one in flight).
  mutating func credentialRequested(now: Date, uptime: TimeInterval) -> WaitAction {
    guard let credential, let current else {
      guard obtains else { return .fail(.notSignedIn, event: nil) }
      // A dependent session without a credential obtains one, in the same single flight.
      if let refresh { return .join(refresh.signal) }
      return startFlight(credential: nil)
    }
    if let refresh { return .join(refresh.signal) }
    guard credential.needsRefresh(at: now, leeway: policy.leeway(for: credential)) else {
      return .resume(current, event: nil)
    }
    let action = refreshRequested(ifGeneration: generation, now: now, uptime: uptime)
    if case .fail(let error, let event) = action, let kept = stillWorking(current, after: error, now: now) {
      return .resume(kept, event: event)
    }
    return action
  }

  /// The rule "a temporary failure does not fail a credential that still works", for a proactive
  /// refresh that cannot run now or that failed: returns the session's credential if it is still
  /// `credential` (same generation: not one a sign-in installed meanwhile) and has not expired at
  /// `now`, and `error` neither ended the session nor cancelled the caller; otherwise `nil`.
  func stillWorking(_ credential: VersionedCredential, after error: AuthError, now: Date) -> VersionedCredential? {
    guard !error.isFatal, error != .cancelled, let current, current.generation == credential.generation,
      !current.credential.isExpired(at: now)
    else { return nil }
    return current
  }

  /// A caller's request failed authentication with the credential of `requested`:
  /// compare-and-refresh. A generation whose refresh already finished gets that refresh's
  /// outcome; an older one gets the current credential.
  mutating func refreshRequested(ifGeneration requested: Generation, now: Date, uptime: TimeInterval) -> WaitAction {
    if requested != generation || credential == nil,
      let settled = settled.last(where: { $0.generation == requested })
    {
      return .join(settled.signal)
    }
    guard let credential, let current else { return .fail(.notSignedIn, event: nil) }
    if requested != generation { return .resume(current, event: nil) }
    if let refresh { return .join(refresh.signal) }
    if let failure, failure.generation == generation,
      failure.error.isFatal || uptime - failure.at < policy.temporaryFailureCooldown
    {
      return .fail(failure.error, event: nil)
    }
    if !obtains, credential.refreshToken?.isEmpty ?? true { return .fail(.noRefreshToken, event: nil) }
    // A refresh of a credential that a refresh produced and that is not yet due means the
    // resource server rejected a fresh token: only such refreshes count towards the breaker.
    let isUnhelpful = installedByRefresh && !credential.needsRefresh(at: now, leeway: policy.leeway(for: credential))
    // A local copy: a closure that reads `self.policy` while `unhelpfulRefreshes` is modified
    // overlaps it where the compiler cannot prove them disjoint (CONTRIBUTING, "Exclusivity").
    let window = policy.window
    unhelpfulRefreshes.removeAll { uptime - $0 >= window.interval || $0 > uptime }
    if isUnhelpful, unhelpfulRefreshes.count >= window.maximumRefreshes {
      let error = AuthError.excessiveRefresh(refreshes: unhelpfulRefreshes.count, interval: window.interval)
      let event: SessionEvent? = breakerTripped == generation ? nil : .refreshFailed(error)
      breakerTripped = generation
      return .fail(error, event: event)
    }
    if isUnhelpful { unhelpfulRefreshes.append(uptime) }
    return startFlight(credential: credential)
  }

  /// Starts the one flight: a refresh of `credential`, or obtaining one when it is `nil`.
  private mutating func startFlight(credential: Credential?) -> WaitAction {
    lastRefreshID += 1
    let signal = FlightOutcome()
    refresh = Refresh(
      id: lastRefreshID, generation: generation, credential: credential, signal: signal, stage: .requesting)
    return .startRefresh(id: lastRefreshID, credential: credential, signal: signal)
  }

  /// Like ``refreshRequested(ifGeneration:now:uptime:)``, for a request identified by the access
  /// token it carried (`nil` when it carried none).
  mutating func refreshRequested(ifAccessToken token: String?, now: Date, uptime: TimeInterval) -> WaitAction {
    if let credential, token == credential.accessToken {
      return refreshRequested(ifGeneration: generation, now: now, uptime: uptime)
    }
    if let token, let settled = settled.last(where: { $0.accessToken == token }) {
      return refreshRequested(ifGeneration: settled.generation, now: now, uptime: uptime)
    }
    guard let current else { return .fail(.notSignedIn, event: nil) }
    return .resume(current, event: nil)
  }

  // MARK: A refresh's progress

  /// The refresher of refresh `id` returned `result`.
  mutating func refreshFinished(id: UInt64, result: Result<Credential, AuthError>, uptime: TimeInterval)
    -> FinishAction
  {
    guard var refresh, refresh.id == id, case .requesting = refresh.stage else { return .discard }
    switch result {
    case .success(let renewed):
      refresh.stage = .persisting(renewed)
      self.refresh = refresh
      return .persist(renewed)
    case .failure(let error) where refresh.credential == nil:
      // Obtaining a credential failed: there is no session to end or to keep. Nothing to obtain
      // from (the upstream session is signed out) is not an event: nothing happened.
      self.refresh = nil
      return .publish(refresh.signal, .failure(error), events: error == .notSignedIn ? [] : [.refreshFailed(error)])
    case .failure(let error) where error.isFatal:
      refresh.stage = .rereading(error)
      self.refresh = refresh
      return .reread
    case .failure(let error):
      self.refresh = nil
      settle(refresh)
      failure = Failure(generation: refresh.generation, error: error, at: uptime)
      return .publish(refresh.signal, .failure(error), events: [.refreshFailed(error)])
    }
  }

  /// The renewed credential of refresh `id` was saved (or saving failed): install it.
  mutating func persisted(id: UInt64) -> Completion? {
    guard let refresh, refresh.id == id, case .persisting(let renewed) = refresh.stage else { return nil }
    settle(refresh)
    let obtained = refresh.credential == nil
    credential = renewed
    generation = generation.next
    installedByRefresh = !obtained
    isRestored = true
    self.refresh = nil
    failure = nil
    breakerTripped = nil
    return Completion(
      signal: refresh.signal, outcome: .success(VersionedCredential(credential: renewed, generation: generation)),
      events: [obtained ? .signedIn(renewed) : .tokenRefreshed(renewed)], clearStorage: false)
  }

  /// After refresh `id` was rejected, storage held `loaded`: adopt it if another process rotated
  /// the credential meanwhile, otherwise end the session.
  mutating func reread(id: UInt64, loaded: Credential?) -> Completion? {
    guard let refresh, refresh.id == id, case .rereading(let error) = refresh.stage else { return nil }
    self.refresh = nil
    settle(refresh)
    if let loaded, let token = loaded.refreshToken, token != refresh.credential?.refreshToken {
      credential = loaded
      generation = generation.next
      installedByRefresh = true
      failure = nil
      return Completion(
        signal: refresh.signal, outcome: .success(VersionedCredential(credential: loaded, generation: generation)),
        events: [.tokenRefreshed(loaded)], clearStorage: false)
    }
    endSession()
    return Completion(
      signal: refresh.signal, outcome: .failure(error),
      events: [.refreshFailed(error), .signedOut(error.signOutReason)], clearStorage: true)
  }

  // MARK: Session changes

  /// A user signed in with `credential`.
  mutating func signedIn(_ credential: Credential) -> SessionChange {
    let abandoned = refresh
    if let abandoned { settle(abandoned) }
    endSession()
    self.credential = credential
    isRestored = true
    return SessionChange(abandoned: abandoned, events: [.signedIn(credential)])
  }

  /// The app signed out (`reason` ``SignOutReason/requested``), or the session this one depends
  /// on ended (``SignOutReason/upstreamSignedOut(session:reason:)``).
  mutating func signedOut(_ reason: SignOutReason = .requested) -> SessionChange {
    let abandoned = refresh
    if let abandoned { settle(abandoned) }
    let wasSignedIn = credential != nil
    endSession()
    isRestored = true
    return SessionChange(abandoned: abandoned, events: wasSignedIn ? [.signedOut(reason)] : [])
  }

  /// Storage held `loaded` when the restore that began in `epoch` read it.
  mutating func restored(_ loaded: Credential?, epoch restoreEpoch: UInt64) -> [SessionEvent] {
    guard !isRestored, restoreEpoch == epoch else { return [] }
    isRestored = true
    if let loaded {
      credential = loaded
      generation = generation.next
    }
    return [.initialSession(loaded)]
  }

  /// The session manager is going away: returns the refresh to abandon.
  mutating func shutDown() -> Refresh? {
    let abandoned = refresh
    refresh = nil
    return abandoned
  }

  /// Remembers `refresh`'s signal for late authentication failures of its generation.
  private mutating func settle(_ refresh: Refresh) {
    guard let credential = refresh.credential else { return }
    if settled.count == Self.settledMemory { settled.removeFirst() }
    settled.append(Settled(generation: refresh.generation, accessToken: credential.accessToken, signal: refresh.signal))
  }

  private mutating func endSession() {
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
