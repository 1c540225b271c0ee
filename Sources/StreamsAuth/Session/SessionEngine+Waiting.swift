import Foundation
import Streams

/// Waiting for a credential: the machine's decision under the lock and, when the answer is a flight
/// that has not resolved, the caller's wait in it for its typed outcome (attached in the same
/// critical section as the decision for a request after a failure, in the next one otherwise).
extension SessionEngine {
  /// The outcome of `request`, typed.
  ///
  /// An async caller waits in its flight's ``Waiters`` and is resumed by the flight's
  /// resolution with its typed outcome; a caller that arrives after the resolution gets the
  /// recorded outcome at once. Cancelling the calling task throws ``AuthError/cancelled`` at once;
  /// the refresh carries on.
  ///
  /// A request for a credential nearly always gets one at once, so it decides first and
  /// suspends only to wait for a flight. A request after an authentication failure nearly always
  /// waits, so it suspends first and is decided in the critical section that attaches it: one
  /// turn of the lock for both.
  func value(_ request: Machine.Request) async throws(AuthError) -> VersionedCredential {
    guard case .credential = request else { return try await decidedWaiting(request).get() }
    switch decide(request, joining: .slot) {
    case .ready(let credential):
      return credential
    case .failed(let error):
      throw error
    case .wait(let flight, let slot, let proactive):
      return try await result(of: flight, slot: slot).outcome(proactive: proactive).get()
    case .subscribe:
      preconditionFailure("Internal inconsistency: an async caller was given a subject")
    }
  }

  /// The outcome of `request` as a `Single` for the Rx face, decided when subscribed: it
  /// subscribes to the flight's replaying subject. Disposing leaves the wait; the refresh carries on.
  func single(_ request: Machine.Request) -> Single<VersionedCredential> {
    Single.deferred { [self] in
      switch decide(request, joining: .signal) {
      case .ready(let credential):
        return .just(credential)
      case .failed(let error):
        return .error(error)
      case .subscribe(let signal, let proactive):
        return signal.asSingle().map { try $0.outcome(proactive: proactive).get() }
      case .wait:
        preconditionFailure("Internal inconsistency: the Rx face was given a waiter slot")
      }
    }
  }

  /// How a caller joins a flight that has not resolved: in a waiter slot, or on its subject.
  private enum Joining {
    case slot
    case signal
  }

  /// The machine's answer to a request, with what to wait on.
  private enum Decision {
    case ready(VersionedCredential)
    case failed(AuthError)
    /// Wait in `flight`'s waiter `slot`.
    case wait(Flight, slot: UInt64, proactive: Bool)
    /// Subscribe to the flight's replaying subject.
    case subscribe(AsyncSubject<FlightResult>, proactive: Bool)
  }

  /// The machine's input for `request`, at the scheduler's current times.
  private func input(_ request: Machine.Request) -> Machine.Input {
    .requested(request, now: scheduler.now, uptime: scheduler.monotonicNow)
  }

  /// What a request gets under the lock: an outcome now, or a flight that has not resolved.
  private enum Answer {
    case settled(FlightResult, proactive: Bool)
    case pending(Flight, proactive: Bool)
  }

  /// Under the lock: `input` goes into the machine and its actions are scheduled; returns the
  /// outcome, or the flight to join when the answer is one that has not resolved.
  private func transition(_ input: Machine.Input, in state: inout State) -> Answer {
    let transition = state.machine.transition(input)
    schedule(transition.actions, in: &state)
    switch transition.answer {
    case .ready(let credential):
      return .settled(FlightResult(.success(credential)), proactive: false)
    case .failed(let error):
      return .settled(FlightResult(.failure(error)), proactive: false)
    case .join(let id, let proactive):
      guard let flight = state.flights[id] else {
        preconditionFailure("Internal inconsistency: the machine joined flight \(id), which the engine dropped")
      }
      guard let result = flight.result else { return .pending(flight, proactive: proactive) }
      return .settled(result, proactive: proactive)
    case .ended, .none:
      preconditionFailure("Internal inconsistency: a request was answered \(transition.answer)")
    }
  }

  /// Under the lock: decides `request` and, for a flight that has not resolved, reserves a
  /// waiter slot in it or makes its subject.
  private func decide(_ request: Machine.Request, joining: Joining) -> Decision {
    let input = input(request)
    return perform { state in
      switch transition(input, in: &state) {
      case .pending(let flight, let proactive):
        switch joining {
        case .slot:
          return .wait(flight, slot: flight.waiters.reserve(), proactive: proactive)
        case .signal:
          let signal = flight.signal ?? AsyncSubject()
          flight.signal = signal
          return .subscribe(signal, proactive: proactive)
        }
      case .settled(let result, let proactive):
        switch result.outcome(proactive: proactive) {
        case .success(let credential): return .ready(credential)
        case .failure(let error): return .failed(error)
        }
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

  /// Where a caller that suspended before its decision waits: set under the engine's lock by the
  /// decision, read there by the cancellation handler.
  // Unchecked: every field is written only under the engine's lock, and read there, except
  // `proactive`, which the caller reads after it was resumed: the decision wrote it before it
  // attached (or resumed) the continuation. SessionStressTests races its cancellation against the
  // decision and the resolution on real threads, under TSan in CI.
  private final class Ticket: @unchecked Sendable {
    var flight: Flight?
    var slot: UInt64 = 0
    var proactive = false
    var isCancelled = false
  }

  /// Suspends, then decides `request` and attaches the caller to its flight in one critical
  /// section; resumes with the outcome (at once when there is no flight to wait for), or
  /// ``AuthError/cancelled`` when the task is cancelled.
  private func decidedWaiting(_ request: Machine.Request) async -> Result<VersionedCredential, AuthError> {
    let ticket = Ticket()
    let input = input(request)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<FlightResult, Never>) in
        let ready: FlightResult? = perform { state in
          guard !ticket.isCancelled else { return .cancelled }
          switch transition(input, in: &state) {
          case .settled(let result, let proactive):
            ticket.proactive = proactive
            return result
          case .pending(let flight, let proactive):
            ticket.proactive = proactive
            ticket.flight = flight
            ticket.slot = flight.waiters.reserve()
            return flight.waiters.attach(ticket.slot, continuation)
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let suspended = state.withLock { _ -> CheckedContinuation<FlightResult, Never>? in
        ticket.isCancelled = true
        return ticket.flight?.waiters.resolve(ticket.slot, with: .cancelled)
      }
      suspended?.resume(returning: .cancelled)
    }
    return result.outcome(proactive: ticket.proactive)
  }
}
