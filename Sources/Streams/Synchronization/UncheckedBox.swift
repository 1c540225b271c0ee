/// A mutable box the compiler treats as `Sendable`.
///
/// Only for values whose access is already serialized by other means (a lock, a serial queue, the
/// Rx rule that events to one observer never overlap); each use says which.
final class UncheckedBox<Value>: @unchecked Sendable {
  // Unchecked: the caller serializes access, and each use says how (see the type).
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Carries a non-`Sendable` value across an isolation boundary that is known to be safe; each use
/// says why. Visible to the package's other libraries.
package struct UncheckedSendable<Value>: @unchecked Sendable {
  // Unchecked: the caller knows the hand-off is safe, and each use says why (see the type).
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}
