import Streams

/// Calls a callback-based SDK and waits for its answer, safely.
///
/// ```swift
/// func logIn() async throws -> Token {
///   try await withCallback(timeout: .seconds(30)) { (callback: Callback<Token>) in
///     let request = sdk.logIn(completion: callback.optionalPair)
///     return Cancellation(weak: request) { $0.cancel() }
///   }
/// }
/// ```
///
/// What it guarantees, whatever the SDK does:
/// - **Already cancelled.** If the task is cancelled on entry, `start` is never called and
///   `CancellationError` is thrown.
/// - **`start`** runs synchronously, exactly once, in the caller's isolation (so it may touch
///   `@MainActor` objects). If it throws, that error is rethrown.
/// - **Synchronous callbacks** fired inside `start` work: the value is returned once `start`
///   returns.
/// - **First resolution wins**: the callback, cancellation, the timeout, or the callback being
///   dropped. Later callbacks are ignored and reported to ``AdapterHooks/diagnostic``; nothing
///   traps.
/// - **Dropped callback.** When the SDK releases every copy of the callback without calling it,
///   the wait ends with ``AdapterError/callbackDropped``.
/// - **Cancellation and timeout** end the wait at once, without waiting for the SDK. The
///   ``Cancellation`` that `start` returned runs exactly once, before `withCallback` throws
///   `CancellationError` or ``AdapterError/timedOut``. (If it happens while `start` is still
///   running, the hook runs as soon as `start` returns it.) A success, an SDK error or a dropped
///   callback never runs the hook.
/// - Continuations are resumed and hooks run only outside StreamsAdapters' locks.
///
/// - Parameters:
///   - type: The value type, when the compiler cannot infer it.
///   - isolation: The actor `start` runs on: the caller's, by default.
///   - timeout: How long to wait for the SDK, counted from when `start` returns; `nil` waits for
///     the callback, a cancellation or a drop.
///   - fileID: Identifies this call in diagnostics; leave the default.
///   - line: Identifies this call in diagnostics; leave the default.
///   - start: Calls the SDK with the callback and returns the SDK's cancel hook, or `nil` when the
///     SDK cannot be cancelled (cancellation and the timeout still end the wait at once; the SDK's
///     eventual answer is then ignored).
/// - Returns: The value the SDK called back with.
/// - Throws: The SDK's error, the error `start` threw, `CancellationError`,
///   ``AdapterError/timedOut``, ``AdapterError/callbackDropped`` or
///   ``AdapterError/invalidCallback``.
public func withCallback<Value: Sendable>(
  of type: Value.Type = Value.self,
  isolation: isolated (any Actor)? = #isolation,
  timeout: Timeout? = nil,
  fileID: String = #fileID,
  line: Int = #line,
  _ start: (Callback<Value>) throws -> Cancellation?
) async throws -> Value {
  let storage = CallbackStorage<Value>(timeout: timeout, reporter: DiagnosticReporter(fileID: fileID, line: line))
  return try await withTaskCancellationHandler(
    operation: {
      try await withBridgeContinuation(isolation: isolation) { (continuation: BridgeContinuation<Value>) in
        storage.run(start, resolver: { outcome in continuation.resume(with: outcome) })
      }
    },
    onCancel: { storage.cancel() },
    isolation: isolation)
}
