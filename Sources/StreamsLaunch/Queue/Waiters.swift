/// The callers suspended until some condition holds, each resumable exactly once.
///
/// Waiting takes two steps so that cancellation can never be lost: ``reserve()`` gives the caller
/// an identifier before it suspends (its cancellation handler needs one), and ``attach(_:_:)``
/// stores the continuation. Whatever happens between the two (the condition comes true, the
/// caller is cancelled) is remembered in the slot and applied on attach.
struct Waiters<Value: Sendable>: Sendable {
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

  /// Reserves a slot and returns its identifier.
  mutating func reserve() -> UInt64 {
    nextID += 1
    slots[nextID] = .reserved
    return nextID
  }

  /// Stores the continuation of slot `id`; returns the value to resume it with at once if the
  /// slot was resolved in the meantime, `nil` if it now waits.
  mutating func attach(_ id: UInt64, _ continuation: CheckedContinuation<Value, Never>) -> Value? {
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
  mutating func attach(_ id: UInt64, _ continuation: CheckedContinuation<Value, Never>, settled: Value?) -> Value? {
    if let value = attach(id, continuation) { return value }
    guard let settled else { return nil }
    _ = resolve(id, with: settled)
    return settled
  }

  /// Resolves slot `id` with `value`, for a cancelled caller; returns the continuation to resume
  /// if the caller was suspended.
  mutating func resolve(_ id: UInt64, with value: Value) -> CheckedContinuation<Value, Never>? {
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

  /// Resolves every slot with `value`; returns the continuations to resume.
  mutating func resolveAll(with value: Value) -> [CheckedContinuation<Value, Never>] {
    Array(slots.keys).compactMap { resolve($0, with: value) }
  }
}
