import Foundation
import Streams

/// Waiting for a credential: a decision under the lock, then the caller waits on the flight, if
/// any, for its typed outcome.
extension SessionEngine {
  /// What a caller asks for.
  enum Request: Sendable {
    /// A usable credential: the current one, or, within the leeway of its expiry, a refresh's.
    case credential
    /// Compare-and-refresh for a request authorized with this generation.
    case afterFailure(Generation)
    /// Compare-and-refresh for a request that carried this access token (`nil`: none).
    case afterFailureCarrying(String?)
  }

  /// The outcome of `request`, typed.
  ///
  /// An async caller waits in its flight's ``Waiters`` and is resumed by the flight's
  /// resolution with its typed outcome; a caller that arrives after the resolution gets the
  /// recorded outcome at once. Cancelling the calling task throws ``AuthError/cancelled`` at once;
  /// the refresh carries on.
  func value(_ request: Request) async throws(AuthError) -> VersionedCredential {
    switch decide(request, reserving: true) {
    case .ready(let credential):
      return credential
    case .failed(let error):
      throw error
    case .join(let flight, let slot?, let proactive):
      return try await result(of: flight, slot: slot).outcome(proactive: proactive).get()
    case .join(_, .none, _):
      preconditionFailure("Internal inconsistency: no waiter slot was reserved")
    }
  }

  /// The outcome of `request` as a `Single` for the Rx face, decided when subscribed: it
  /// subscribes to the flight's replaying subject. Disposing leaves the wait; the refresh carries on.
  func single(_ request: Request) -> Single<VersionedCredential> {
    Single.deferred { [self] in
      switch decide(request, reserving: false) {
      case .ready(let credential):
        return .just(credential)
      case .failed(let error):
        return .error(error)
      case .join(let flight, _, let proactive):
        return flight.signal.asSingle().map { try $0.outcome(proactive: proactive).get() }
      }
    }
  }

  /// The machine's answer to a request, with the flight to wait for.
  private enum Decision {
    case ready(VersionedCredential)
    case failed(AuthError)
    /// Wait for `flight`'s outcome, in waiter `slot` when one was reserved.
    case join(Flight, slot: UInt64?, proactive: Bool)
  }

  /// Under the lock: the request goes into the machine, its actions are scheduled, and for a
  /// join, the flight is looked up (and, when `reserving`, a waiter slot reserved in it).
  private func decide(_ request: Request, reserving: Bool) -> Decision {
    let now = scheduler.now
    let uptime = scheduler.monotonicNow
    let input: Machine.Input
    switch request {
    case .credential:
      input = .credentialRequested(now: now, uptime: uptime)
    case .afterFailure(let generation):
      input = .authenticationFailed(generation, now: now, uptime: uptime)
    case .afterFailureCarrying(let token):
      input = .authenticationFailedCarrying(accessToken: token, now: now, uptime: uptime)
    }
    return perform { state in
      let transition = state.machine.transition(input)
      schedule(transition.actions, in: &state)
      switch transition.answer {
      case .ready(let credential):
        return .ready(credential)
      case .failed(let error):
        return .failed(error)
      case .join(let id, let proactive):
        guard let flight = state.flights[id] else {
          preconditionFailure("Internal inconsistency: the machine joined flight \(id), which the engine dropped")
        }
        return .join(flight, slot: reserving ? flight.waiters.reserve() : nil, proactive: proactive)
      case .ended, .none:
        preconditionFailure("Internal inconsistency: a request was answered \(transition.answer)")
      }
    }
  }

  /// Suspends in `flight`'s waiter `slot` until the flight resolves, or the task is cancelled
  /// (then ``FlightResult/cancelled``).
  private func result(of flight: Flight, slot: UInt64) async -> FlightResult {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<FlightResult, Never>) in
        let ready = state.withLock { _ in flight.waiters.attach(slot, continuation, settled: flight.result) }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let suspended = state.withLock { _ in flight.waiters.resolve(slot, with: .cancelled) }
      suspended?.resume(returning: .cancelled)
    }
  }

  /// Effect of ``SessionAction/resolve(flight:_:)``: records `result` (for waiters that arrive
  /// later), resumes the flight's async waiters, then publishes it on the flight's subject.
  func resolve(_ flight: Flight, with result: FlightResult) {
    let waiting = state.withLock { _ in
      flight.result = result
      return flight.waiters.resolveAll(with: result)
    }
    for continuation in waiting { continuation.resume(returning: result) }
    flight.signal.onNext(result)
    flight.signal.onCompleted()
  }
}
