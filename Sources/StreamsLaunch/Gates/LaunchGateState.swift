import Dispatch
import Streams

/// The rules of a ``LaunchGate``: closed until released or abandoned, once.
struct LaunchGateState: Sendable {
  typealias Outcome = Result<Void, LaunchGateError>

  private enum Phase: Sendable {
    /// Waiters suspend.
    case closed
    /// Waiters return at once.
    case released
    /// Waiters throw the error: the gate was abandoned, or its timeout ran out.
    case failed(LaunchGateError)
  }

  let name: String
  private var phase = Phase.closed
  private var waiters = Waiters<Outcome>()

  init(name: String) {
    self.name = name
  }

  /// What waiters get now; `nil` while closed.
  private var settled: Outcome? {
    switch phase {
    case .closed: return nil
    case .released: return .success(())
    case .failed(let error): return .failure(error)
    }
  }

  var isReleased: Bool {
    if case .released = phase { return true }
    return false
  }

  /// A caller is about to wait.
  mutating func waiterReserved() -> UInt64 { waiters.reserve() }

  /// A caller suspended; returns what to resume it with at once, if anything.
  mutating func waiterSuspended(_ id: UInt64, _ continuation: CheckedContinuation<Outcome, Never>) -> Outcome? {
    waiters.attach(id, continuation, settled: settled)
  }

  /// A waiting caller was cancelled; returns its continuation and value if it was suspended.
  mutating func waiterCancelled(_ id: UInt64) -> CheckedContinuation<Outcome, Never>? {
    waiters.resolve(id, with: .failure(.cancelled(gate: name)))
  }

  /// What settling the gate did: the outcome every waiter gets, and the suspended waiters to
  /// resume with it (none when the gate had already settled).
  struct Settlement {
    let outcome: Outcome
    let waiters: [CheckedContinuation<Outcome, Never>]
  }

  /// The gate was released.
  mutating func released() -> Settlement {
    settle(.released)
  }

  /// The gate was abandoned, or otherwise failed for good.
  mutating func failed(_ error: LaunchGateError) -> Settlement {
    settle(.failed(error))
  }

  /// The gate's timeout ran out.
  mutating func timedOut(after timeout: DispatchTimeInterval) -> Settlement {
    settle(.failed(.timedOut(gate: name, after: timeout)))
  }

  private mutating func settle(_ next: Phase) -> Settlement {
    guard case .closed = phase else { return Settlement(outcome: settled ?? .success(()), waiters: []) }
    phase = next
    let outcome = settled ?? .success(())
    return Settlement(outcome: outcome, waiters: waiters.resolveAll(with: outcome))
  }
}
