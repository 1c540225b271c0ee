import Streams

/// How the `rx.items` functions, which RxCocoa's curried `bind(to:)` calls without isolation, reach
/// the main actor: synchronously, on the main thread, by `MainActorDelivery.run`'s rules (a call
/// from another thread is reported as an isolation violation).
package enum ItemsBinding {
  /// `body(value)` on the main actor, on this thread.
  package static func run<Value, Result: Sendable>(
    _ value: Value, _ body: @MainActor (Value) -> Result, file: StaticString = #file, line: UInt = #line
  ) -> Result {
    // Unchecked: handed over synchronously to a call that runs on this thread.
    let value = UncheckedSendable(value)
    return MainActorDelivery.run("items", file, line) { body(value.value) }
  }
}
