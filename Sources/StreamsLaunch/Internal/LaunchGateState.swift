/// The rules of a ``LaunchGate``: closed until released or abandoned, once.
struct LaunchGateState: Sendable {
  typealias Outcome = Result<Void, LaunchGateError>

  private enum Phase: Sendable {
    /// Waiters suspend.
    case closed
    /// Waiters return at once.
    case released
    /// Waiters throw.
    case abandoned(reason: String?)
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
    case .abandoned(let reason): return .failure(.abandoned(gate: name, reason: reason))
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

  /// The gate was released; returns the continuations to resume, or none if it was already settled.
  mutating func released() -> [CheckedContinuation<Outcome, Never>] {
    guard case .closed = phase else { return [] }
    phase = .released
    return waiters.resolveAll(with: .success(()))
  }

  /// The gate was abandoned; returns the continuations to resume with the error.
  mutating func abandoned(reason: String?) -> (Outcome, [CheckedContinuation<Outcome, Never>]) {
    guard case .closed = phase else { return (settled ?? .success(()), []) }
    phase = .abandoned(reason: reason)
    let outcome = settled ?? .success(())
    return (outcome, waiters.resolveAll(with: outcome))
  }
}
