import Streams

/// An async FIFO mutex: ``enter()`` suspends until every earlier entrant has called ``leave()``.
///
/// A caller whose task is cancelled before it enters, or while queued, throws
/// ``AuthError/cancelled`` at once and leaves the queue; one cancelled after the gate was handed
/// to it holds the gate (and must leave it), so the gate is never lost.
final class AsyncSerialGate: Sendable {
  /// What a queued entrant is resumed with: its turn, or cancellation.
  private typealias Turn = Result<Void, AuthError>

  private struct State {
    var isHeld = false
    var queue = Waiters<Turn>()
  }

  private let state = LockedState(State())

  /// Returns once the caller holds the gate.
  ///
  /// - Throws: ``AuthError/cancelled`` if the task is cancelled before its turn.
  func enter() async throws(AuthError) {
    if Task.isCancelled { throw .cancelled }
    let queued = state.withLock { state -> UInt64? in
      guard state.isHeld else {
        state.isHeld = true
        return nil
      }
      return state.queue.reserve()
    }
    guard let id = queued else { return }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
        if let turn = state.withLock({ $0.queue.attach(id, continuation) }) { continuation.resume(returning: turn) }
      }
    } onCancel: {
      state.withLock { $0.queue.resolve(id, with: .failure(.cancelled)) }?.resume(returning: .failure(.cancelled))
    }
    try outcome.get()
  }

  /// Hands the gate to the oldest entrant still queued, or opens it.
  func leave() {
    let next = state.withLock { state in
      let handOff = state.queue.resolveOldest(with: .success(()))
      if !handOff.found { state.isHeld = false }
      return handOff.suspended
    }
    next?.resume(returning: .success(()))
  }
}
