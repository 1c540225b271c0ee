/// Carries a non-`Sendable` value across a boundary that is known to be safe.
///
/// Used only for Rx observers: an observer may be called from any thread, and the adapters
/// guarantee that they call it serially (the once-machine delivers one outcome; the event storage
/// drains one event at a time). Each use says which.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
