/// A one-shot delegate request made safe: one `await` per SDK call, resolved by the delegate's
/// callback, with a policy for overlapping calls, stale-callback protection, keep-alive, timeout
/// and cancellation.
///
/// The object that acts as the SDK's delegate owns a `PendingRequest`; its async method calls
/// ``run(isolation:correlatedWith:keepAlive:timeout:cancel:_:)`` and its delegate methods call
/// ``resume(from:returning:)`` or ``resume(from:throwing:)``:
///
/// ```swift
/// final class SignInDelegate: NSObject, SignInControllerDelegate, Sendable {
///   let pending = PendingRequest<Credential>(overlap: .join)
///
///   @MainActor func signIn() async throws -> Credential {
///     let controller = SignInController()
///     controller.delegate = self
///     return try await pending.run(correlatedWith: controller, timeout: .seconds(60),
///                                  cancel: Cancellation(weak: controller) { $0.cancel() }) {
///       controller.performRequests()
///     }
///   }
///
///   nonisolated func controller(_ controller: SignInController, didCompleteWith credential: Credential) {
///     pending.resume(from: controller, returning: credential)
///   }
///   nonisolated func controller(_ controller: SignInController, didFailWith error: Error) {
///     pending.resume(from: controller, throwing: error)
///   }
/// }
/// ```
///
/// The rules:
/// - **Overlap.** A `run` while a request is pending follows ``Overlap``.
/// - **Correlation.** With `correlatedWith:`, only a callback from that SDK object resolves the
///   request; any other is stale, ignored and reported as
///   ``AdapterDiagnostic/Kind/staleCallback``. Without it, a duplicate callback from the previous
///   request can resolve the next one.
/// - **Cancellation and timeout** end a waiter at once. When the last waiter of a request leaves,
///   the request's `cancel` hook runs exactly once (after `start` returned) and the slot is free.
/// - **Reusable at once**: after any outcome the next `run` starts a new request.
/// - Continuations are resumed and hooks run only outside StreamsAdapters' locks; the delegate
///   methods may be called on any thread.
public final class PendingRequest<Value: Sendable>: Sendable {
  /// What a `run` does while another request is pending.
  public enum Overlap: Sendable, Equatable {
    /// The new `run` throws ``AdapterError/alreadyPending`` at once; the pending request goes on.
    case reject
    /// The pending request's waiters get ``AdapterError/superseded``, its `cancel` hook runs,
    /// and the new request starts.
    case supersede
    /// The new `run` does not call `start`: it waits for the pending request and gets the same
    /// result. Its `correlatedWith`, `cancel` and `start` are unused.
    case join
    /// The new request waits its turn, first in, first out, then calls `start`.
    case enqueue
  }

  /// The policy for overlapping calls.
  public let overlap: Overlap

  private let storage: PendingRequestStorage<Value>

  /// Creates an idle request slot.
  ///
  /// - Parameters:
  ///   - overlap: What a `run` does while another request is pending.
  ///   - label: Names this slot in diagnostics; by default, the file and line of this call.
  ///   - fileID: Identifies this slot in diagnostics; leave the default.
  ///   - line: Identifies this slot in diagnostics; leave the default.
  public init(overlap: Overlap = .reject, label: String? = nil, fileID: String = #fileID, line: Int = #line) {
    self.overlap = overlap
    let origin = label ?? "PendingRequest<\(Value.self)> at \(fileID):\(line)"
    self.storage = PendingRequestStorage(overlap: overlap, reporter: DiagnosticReporter(origin: origin))
  }

  deinit {
    // A `run` in progress keeps its PendingRequest alive, so this only fails waiters that a
    // future change could leave behind; it guarantees that none of them can hang.
    storage.failAll(AdapterError.callbackDropped)
  }

  /// Whether a request is in flight (or waiting in the queue).
  public var isPending: Bool { storage.isPending }

  /// Starts a request (or joins, queues or rejects it, per ``overlap``) and waits for the
  /// delegate's answer.
  ///
  /// - If the task is already cancelled, `start` is not called and `CancellationError` is thrown.
  /// - `start` runs synchronously, in the caller's isolation, only when a new request begins. A
  ///   delegate callback fired inside `start` works. If `start` throws, every waiter of this
  ///   request gets that error.
  /// - Cancellation throws `CancellationError` at once; the timeout throws
  ///   ``AdapterError/timedOut`` at once. Either way, when this was the request's last waiter,
  ///   `cancel` runs exactly once, before `run` throws (or, if `start` is still running, as soon as
  ///   it returns).
  ///
  /// - Parameters:
  ///   - isolation: The actor `start` runs on: the caller's, by default.
  ///   - sender: The SDK object whose callback resolves this request; callbacks from other objects
  ///     are ignored. It is kept alive until `run` returns, so its identity cannot be reused.
  ///   - keepAlive: An object kept alive until `run` returns, typically the SDK object when the SDK
  ///     holds nothing else that would keep it alive.
  ///   - timeout: How long this waiter waits, counted from the call of `run`.
  ///   - cancel: The SDK's cancel hook for this request.
  ///   - start: Calls the SDK.
  /// - Returns: The value the delegate resumed with.
  /// - Throws: The delegate's error, the error `start` threw, `CancellationError`,
  ///   ``AdapterError/timedOut``, ``AdapterError/alreadyPending``, ``AdapterError/superseded``,
  ///   or the error passed to ``failAll(_:)``.
  public func run(
    isolation: isolated (any Actor)? = #isolation,
    correlatedWith sender: AnyObject? = nil,
    keepAlive: AnyObject? = nil,
    timeout: Timeout? = nil,
    cancel: Cancellation? = nil,
    _ start: () throws -> Void
  ) async throws -> Value {
    defer { withExtendedLifetime((sender, keepAlive)) {} }
    return try await storage.run(
      isolation: isolation, sender: sender.map(ObjectIdentifier.init), timeout: timeout, cancel: cancel,
      start: start)
  }

  /// Resolves the pending request with `result`, if `sender` matches its correlation.
  ///
  /// Call it from the delegate method, on any thread.
  /// - Returns: Whether a request was resolved. A callback with nothing pending
  ///   (``AdapterDiagnostic/Kind/unexpectedCallback``) or from another sender
  ///   (``AdapterDiagnostic/Kind/staleCallback``) is ignored, reported, and returns `false`.
  @discardableResult
  public func resume<Failure: Error>(from sender: AnyObject? = nil, with result: Result<Value, Failure>) -> Bool {
    storage.resume(from: sender.map(ObjectIdentifier.init), with: result.mapError { $0 as any Error })
  }

  /// Resolves the pending request with `value`, if `sender` matches its correlation.
  ///
  /// - Returns: Whether a request was resolved.
  @discardableResult
  public func resume(from sender: AnyObject? = nil, returning value: Value) -> Bool {
    storage.resume(from: sender.map(ObjectIdentifier.init), with: .success(value))
  }

  /// Fails the pending request with `error`, if `sender` matches its correlation.
  ///
  /// - Returns: Whether a request was resolved.
  @discardableResult
  public func resume(from sender: AnyObject? = nil, throwing error: any Error) -> Bool {
    storage.resume(from: sender.map(ObjectIdentifier.init), with: .failure(error))
  }

  /// Fails the pending request and every queued one with `error`, whatever their correlation;
  /// no cancel hook runs. For example, call it when the delegate object goes away.
  public func failAll(_ error: any Error) {
    storage.failAll(error)
  }
}
