import Foundation

/// The rules of a session, with no side effects: past-tense inputs in, an answer and
/// ``SessionAction``s out.
///
/// ``SessionEngine`` holds it under a lock, feeds it every input (a request wanted a credential,
/// a refresh returned, the renewal was saved, the user signed in or out, the session manager went
/// away) and performs the actions after unlocking, in order. The machine names refresh flights by
/// id; what belongs to a flight (its task, its waiters) is the engine's.
///
/// - `credential`, `generation`, `epoch`: one source of truth. The generation is bumped on every
///   credential change; the epoch on sign-in, sign-out and a rejected refresh, so a refresh that
///   started in an older epoch can never install its result.
/// - `refresh`: the one flight in flight, always for the current generation.
/// - `settled`: the flights of the last few generations whose refresh has finished (or was
///   abandoned). An authentication failure for generation G that arrives after G's refresh
///   joins G's flight, so it gets G's outcome however late: the renewed credential, or the same
///   typed error (a fatal one even after the session was cleared).
/// - `failure`: the last failed generation; it is not refreshed again (for a temporary failure,
///   not until the cooldown has passed).
/// - `unhelpfulRefreshes`: monotonic start times, within the breaker window, of refreshes that did
///   not help (see ``RefreshWindow``).
struct SessionStateMachine: Sendable {
  /// What a caller asks for.
  enum Request: Sendable {
    /// A usable credential (``SessionManager/validSession()``, a request to adapt): the current
    /// one, or, within the leeway of its expiry, a refresh's.
    case credential
    /// Compare-and-refresh: a request authorized with this generation failed authentication.
    case afterFailure(Generation)
    /// Compare-and-refresh: a request that carried this access token (`nil`: none) failed
    /// authentication.
    case afterFailureCarrying(String?)
  }

  /// What happened.
  enum Input: Sendable {
    /// A caller asked for `request` at `now` (wall time) and `uptime` (monotonic time).
    case requested(Request, now: Date, uptime: TimeInterval)
    /// Flight `flight`'s refresher returned `result`; `adopted` when it is a credential another
    /// process had stored (already saved).
    case refreshReturned(flight: UInt64, Result<Credential, AuthError>, adopted: Bool, now: Date, uptime: TimeInterval)
    /// Flight `flight`'s renewal was saved (or saving failed, which is logged).
    case saved(flight: UInt64)
    /// After flight `flight` was rejected, the store held `loaded`.
    case reread(flight: UInt64, loaded: Credential?)
    /// A user signed in with a credential.
    case signedIn(Credential)
    /// The app signed out (``SignOutReason/requested``), or the session this one depends on ended.
    case signedOut(SignOutReason)
    /// A caller wants the stored session restored.
    case restoreRequested
    /// The store held `loaded` when the restore that began in `epoch` read it.
    case loaded(Credential?, epoch: UInt64)
    /// The app started the proactive refresh timer.
    case autoRefreshStarted
    /// The app stopped it.
    case autoRefreshStopped
    /// Timer `token` fired.
    case timerFired(token: UInt64, now: Date, uptime: TimeInterval)
    /// The session manager is going away.
    case shutDown
  }

  /// The machine's answer to the caller of an input.
  enum Answer: Sendable, Equatable {
    /// The credential is usable now.
    case ready(VersionedCredential)
    /// The caller fails now.
    case failed(AuthError)
    /// The caller waits for flight `flight`'s outcome; `proactive` when it only wanted a usable
    /// credential (it may get the one that still works: ``FlightResult/kept``).
    case join(flight: UInt64, proactive: Bool)
    /// The session ended; it held this credential (for revoking).
    case ended(Credential?)
    /// Nothing to answer.
    case none
  }

  /// One transition's answer and actions.
  struct Transition: Sendable {
    var answer: Answer = .none
    var actions: [SessionAction] = []
  }

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

    let flight: UInt64
    let generation: Generation
    /// The credential being renewed; `nil` when the session has none and the refresher obtains
    /// one (a dependent session's token exchange).
    let credential: Credential?
    var stage: Stage
  }

  /// A generation whose refresh finished: its access token and its flight.
  /// Its mirror hides the token, so `dump` of a session prints none.
  struct Settled: Sendable, CustomReflectable {
    let generation: Generation
    let accessToken: String
    let flight: UInt64

    var customMirror: Mirror {
      Mirror(
        self,
        children: [
          "generation": generation, "accessToken": Redacted.describe(accessToken, showLength: true), "flight": flight,
        ],
        displayStyle: .struct)
    }
  }

  /// How many settled generations are remembered for late authentication failures.
  static let settledMemory = 4

  struct Failure: Sendable {
    let generation: Generation
    let error: AuthError
    let at: TimeInterval
  }

  let policy: RefreshPolicy
  /// Whether the refresher can obtain a credential from nothing and renew one without a refresh
  /// token (``CredentialRefresher/obtainsCredentials``): a dependent session.
  let obtains: Bool
  var credential: Credential?
  var generation = Generation(0)
  var epoch: UInt64 = 0
  var refresh: Refresh?
  var isRestored = false
  var failure: Failure?
  var breakerTripped: Generation?
  var unhelpfulRefreshes: [TimeInterval] = []
  var installedByRefresh = false
  var settled: [Settled] = []
  var lastFlight: UInt64 = 0
  var timer = ProactiveTimer()

  init(policy: RefreshPolicy, obtains: Bool = false) {
    self.policy = policy
    self.obtains = obtains
  }

  /// The current credential and its generation.
  var current: VersionedCredential? {
    credential.map { VersionedCredential(credential: $0, generation: generation) }
  }

  /// The one transition function: `input` happened; returns the answer and the actions to perform.
  mutating func transition(_ input: Input) -> Transition {
    var transition = Transition()
    switch input {
    case .requested(.credential, let now, let uptime):
      transition.answer = credentialRequested(now: now, uptime: uptime, &transition.actions)
    case .requested(.afterFailure(let requested), let now, let uptime):
      transition.answer = authenticationFailed(requested, now: now, uptime: uptime, &transition.actions)
    case .requested(.afterFailureCarrying(let token), let now, let uptime):
      transition.answer = authenticationFailed(carrying: token, now: now, uptime: uptime, &transition.actions)
    case .refreshReturned(let flight, let result, let adopted, let now, let uptime):
      refreshReturned(flight: flight, result, adopted: adopted, now: now, uptime: uptime, &transition.actions)
    case .saved(let flight):
      saved(flight: flight, &transition.actions)
    case .reread(let flight, let loaded):
      reread(flight: flight, loaded: loaded, &transition.actions)
    case .signedIn(let credential):
      signedIn(credential, &transition.actions)
    case .signedOut(let reason):
      transition.answer = .ended(credential)
      signedOut(reason, &transition.actions)
    case .restoreRequested:
      transition.actions.append(isRestored ? .restored(credential) : .load(epoch: epoch))
    case .loaded(let loaded, let epoch):
      self.loaded(loaded, epoch: epoch, &transition.actions)
    case .autoRefreshStarted:
      autoRefreshStarted(&transition.actions)
    case .autoRefreshStopped:
      autoRefreshStopped(&transition.actions)
    case .timerFired(let token, let now, let uptime):
      timerFired(token: token, now: now, uptime: uptime, &transition.actions)
    case .shutDown:
      shutDown(&transition.actions)
    }
    return transition
  }
}
