/// What happened to the session, as an event stream (``SessionManager/events`` and
/// ``SessionManager/eventStream``).
public enum SessionEvent: Sendable, Hashable, CustomStringConvertible {
  /// The session as it is when a subscriber starts listening after the session was restored
  /// (or, for earlier subscribers, when the restore finishes); `nil` when no one is signed in.
  case initialSession(Credential?)
  /// A user signed in with this credential (already saved).
  case signedIn(Credential)
  /// The credential was renewed (already saved).
  case tokenRefreshed(Credential)
  /// A refresh failed; for a temporary failure the session is kept.
  case refreshFailed(AuthError)
  /// The session ended.
  case signedOut(SignOutReason)

  /// The event with credentials redacted.
  public var description: String {
    switch self {
    case .initialSession(let credential): return "initialSession(\(credential.map { "\($0)" } ?? "nil"))"
    case .signedIn(let credential): return "signedIn(\(credential))"
    case .tokenRefreshed(let credential): return "tokenRefreshed(\(credential))"
    case .refreshFailed(let error): return "refreshFailed(\(error))"
    case .signedOut(let reason): return "signedOut(\(reason))"
    }
  }
}

/// Why a session ended.
public enum SignOutReason: Sendable, Hashable, CustomStringConvertible {
  /// The app signed out.
  case requested
  /// The server rejected the refresh token (expired, revoked or reused), or refused a dependent
  /// session's token exchange; the error says how.
  case refreshRejected(AuthError)
  /// The session this one depends on ended: `session` names it, `reason` says why it ended.
  indirect case upstreamSignedOut(session: String, reason: SignOutReason)

  /// The reason in words.
  public var description: String {
    switch self {
    case .requested: return "requested"
    case .refreshRejected(let error): return "refreshRejected(\(error))"
    case .upstreamSignedOut(let session, let reason): return "upstreamSignedOut(\(session): \(reason))"
    }
  }
}
