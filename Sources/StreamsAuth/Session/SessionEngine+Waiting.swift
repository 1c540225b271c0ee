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
    /// The outcome will be published on a flight's replaying subject; `proactive` when the caller
    /// only wanted a usable credential (``FlightResult/outcome(proactive:)``).
    case pending(AsyncSubject<FlightResult>, proactive: Bool)
  }

  /// A usable credential: the current one, or, within the leeway of its expiry, a refresh's.
  func credential() -> Wait {
    wait(.credentialRequested(now: scheduler.now, uptime: scheduler.monotonicNow))
  }

  /// Compare-and-refresh for a request authorized with `generation`.
  func refresh(ifGeneration generation: Generation) -> Wait {
    wait(.authenticationFailed(generation, now: scheduler.now, uptime: scheduler.monotonicNow))
  }

  /// Compare-and-refresh for a request that carried `token`.
  func refresh(ifAccessToken token: String?) -> Wait {
    wait(.authenticationFailedCarrying(accessToken: token, now: scheduler.now, uptime: scheduler.monotonicNow))
  }

  /// The outcome of `wait` as a `Single`, for the Rx face.
  func single(of wait: Wait) -> Single<VersionedCredential> {
    switch wait {
    case .ready(let credential):
      return .just(credential)
    case .failed(let error):
      return .error(error)
    case .pending(let signal, let proactive):
      return signal.asSingle().map { try $0.outcome(proactive: proactive).get() }
    }
  }

  /// The outcome of `wait`, awaited on the flight's subject through Streams' bridge.
  ///
  /// Cancelling the calling task throws ``AuthError/cancelled`` at once; the refresh carries on.
  func value(of wait: Wait) async throws(AuthError) -> VersionedCredential {
    switch wait {
    case .ready(let credential):
      return credential
    case .failed(let error):
      throw error
    case .pending(let signal, let proactive):
      let result: FlightResult
      do {
        result = try await signal.asSingle().value
      } catch {
        // The subject never fails (its outcome is typed): only cancellation ends the wait early.
        throw .cancelled
      }
      return try result.outcome(proactive: proactive).get()
    }
  }

  /// Under the lock: `input` goes into the machine, its actions are scheduled, and its answer
  /// becomes the caller's wait.
  private func wait(_ input: Machine.Input) -> Wait {
    perform { state in
      let transition = state.machine.transition(input)
      schedule(transition.actions, in: &state)
      switch transition.answer {
      case .ready(let credential):
        return .ready(credential)
      case .failed(let error):
        return .failed(error)
      case .join(let flight, let proactive):
        guard let signal = state.flights[flight]?.signal else {
          preconditionFailure("Internal inconsistency: the machine joined flight \(flight), which the engine dropped")
        }
        return .pending(signal, proactive: proactive)
      case .ended, .none:
        preconditionFailure("Internal inconsistency: a request was answered \(transition.answer)")
      }
    }
  }
}
