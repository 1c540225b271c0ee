/// The callers suspended until some condition holds, each resumable exactly once: the package's
/// one home for continuation waiters (StreamsLaunch's queue and gates, StreamsAuth's serial gate,
/// the virtual clock's pending counts).
///
/// Waiting takes two steps so that cancellation can never be lost: ``reserve()`` gives the caller
/// an identifier before it suspends (its cancellation handler needs one), and ``attach(_:_:)``
/// stores the continuation. Whatever happens between the two (the condition comes true, the
/// caller is cancelled) is remembered in the slot and applied on attach. Identifiers grow with
/// each reservation, so the oldest waiter is the one with the smallest.
///
/// Not thread-safe by itself: the owner keeps it in its locked state, and resumes the
/// continuations it hands back after unlocking.
package struct Waiters<Value: Sendable>: Sendable {
  private enum Slot: Sendable {
    /// Reserved; the caller has not suspended yet.
    case reserved
    /// Suspended; resume with the value when the condition holds.
    case waiting(CheckedContinuation<Value, Never>)
    /// Resolved before the caller suspended; resume at once with this value on attach.
    case resolved(Value)
  }

  private var slots: [UInt64: Slot] = [:]
  private var nextID: UInt64 = 0

  /// No waiters.
  package init() {}

  /// Reserves a slot and returns its identifier.
  package mutating func reserve() -> UInt64 {
    nextID += 1
    slots[nextID] = .reserved
    return nextID
  }

  /// Stores the continuation of slot `id`; returns the value to resume it with at once if the
  /// slot was resolved in the meantime, `nil` if it now waits.
  package mutating func attach(_ id: UInt64, _ continuation: CheckedContinuation<Value, Never>) -> Value? {
    switch slots[id] {
    case .reserved:
      slots[id] = .waiting(continuation)
      return nil
    case .resolved(let value):
      slots[id] = nil
      return value
    case .waiting, nil:
      preconditionFailure("Internal inconsistency: waiter \(id) attached twice or never reserved")
    }
  }

  /// Like ``attach(_:_:)``, for a condition that may already hold: when `settled` is not `nil`,
  /// the slot is released and the caller resumes at once with it.
  package mutating func attach(_ id: UInt64, _ continuation: CheckedContinuation<Value, Never>, settled: Value?)
    -> Value?
  {
    if let value = attach(id, continuation) { return value }
    guard let settled else { return nil }
    _ = resolve(id, with: settled)
    return settled
  }

  /// Resolves slot `id` with `value`, for a cancelled caller; returns the continuation to resume
  /// if the caller was suspended.
  package mutating func resolve(_ id: UInt64, with value: Value) -> CheckedContinuation<Value, Never>? {
    switch slots[id] {
    case .reserved:
      slots[id] = .resolved(value)
      return nil
    case .waiting(let continuation):
      slots[id] = nil
      return continuation
    case .resolved, nil:
      return nil
    }
  }

  /// Resolves the oldest slot not resolved yet with `value`. `found` is `false` when there was
  /// none; `suspended` is the slot's continuation to resume, `nil` when the caller has not
  /// suspended yet (it gets `value` on attach).
  package mutating func resolveOldest(
    with value: Value
  ) -> (found: Bool, suspended: CheckedContinuation<Value, Never>?) {
    let unresolved = slots.lazy.filter { if case .resolved = $0.value { false } else { true } }
    guard let oldest = unresolved.map(\.key).min() else { return (false, nil) }
    return (true, resolve(oldest, with: value))
  }

  /// Resolves every slot with `value`; returns the continuations to resume.
  package mutating func resolveAll(with value: Value) -> [CheckedContinuation<Value, Never>] {
    Array(slots.keys).compactMap { resolve($0, with: value) }
  }
}
