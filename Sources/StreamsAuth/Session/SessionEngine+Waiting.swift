import Foundation
import Streams

/// Waiting for a credential: a decision under the lock, then one way to wait for its outcome.
extension SessionEngine {
  /// A caller's wait for a credential, decided under the lock.
  enum Wait {
    /// The credential is usable now.
    case ready(VersionedCredential)
    /// The caller fails now.
    case failed(AuthError)
    /// The outcome will be published on a refresh flight's replaying subject. For a proactive
    /// refresh, `fallback` is the credential that the machine may keep after a temporary failure
    /// (``SessionStateMachine/stillWorking(_:after:now:)``).
    case pending(FlightOutcome, fallback: VersionedCredential?)
  }

  /// A usable credential: the current one, or, within the leeway of its expiry, a refresh's.
  func credential() -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return wait { machine in
      let fallback = machine.current
      return (machine.credentialRequested(now: now, uptime: uptime), fallback)
    }
  }

  /// Compare-and-refresh for a request authorized with `generation`.
  func refresh(ifGeneration generation: Generation) -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return wait { ($0.refreshRequested(ifGeneration: generation, now: now, uptime: uptime), nil) }
  }

  /// Compare-and-refresh for a request that carried `token`.
  func refresh(ifAccessToken token: String?) -> Wait {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    return wait { ($0.refreshRequested(ifAccessToken: token, now: now, uptime: uptime), nil) }
  }

  /// The outcome of `wait` as a `Single`: the one way to wait. A proactive refresh's temporary
  /// failure yields the credential the machine keeps, if any.
  func single(of wait: Wait) -> Single<VersionedCredential> {
    switch wait {
    case .ready(let credential):
      return .just(credential)
    case .failed(let error):
      return .error(error)
    case .pending(let outcome, .none):
      return outcome.asSingle()
    case .pending(let outcome, let fallback?):
      return outcome.catch { [weak self] error -> Observable<VersionedCredential> in
        let error = error as? AuthError ?? .cancelled
        if let kept = self?.kept(fallback, after: error) { return .just(kept) }
        return .error(error)
      }.asSingle()
    }
  }

  /// The outcome of `wait`, awaited through Streams' bridge on ``single(of:)``.
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled`` at once; the refresh carries on.
  func value(of wait: Wait) async throws(AuthError) -> VersionedCredential {
    if case .ready(let credential) = wait { return credential }
    do {
      return try await single(of: wait).value
    } catch {
      throw error as? AuthError ?? .cancelled
    }
  }

  /// The machine's verdict on keeping `fallback` after `error`.
  private func kept(_ fallback: VersionedCredential, after error: AuthError) -> VersionedCredential? {
    let now = scheduler.now
    return state.withLock { $0.machine.stillWorking(fallback, after: error, now: now) }
  }

  /// Under the lock: decides, queues the decision's event and starts its refresh task.
  private func wait(_ request: (inout Machine) -> (Machine.WaitAction, VersionedCredential?)) -> Wait {
    perform { state in
      let (action, fallback) = request(&state.machine)
      switch action {
      case .resume(let credential, let event):
        if let event { post(event, in: &state) }
        return .ready(credential)
      case .fail(let error, let event):
        if let event { post(event, in: &state) }
        return .failed(error)
      case .startRefresh(let id, let credential, let outcome):
        state.tasks[id] = refreshTask(id: id, credential: credential)
        log(
          .debug, "refresh #\(id) started for \(credential.map { "\($0)" } ?? "no credential (obtaining one)")",
          in: &state)
        return .pending(outcome, fallback: fallback)
      case .join(let outcome):
        return .pending(outcome, fallback: fallback)
      }
    }
  }
}
