/// The SDK's cancel (or stop) hook: what to call to make the SDK give up.
///
/// Return one from the `start` closure of `withCallback`, `events` and their Rx forms, or pass it
/// to ``PendingRequest/run(isolation:correlatedWith:keepAlive:timeout:cancel:_:)``. When the hook
/// cancels a request object, hold it weakly with ``init(weak:_:)``:
///
/// ```swift
/// let data = try await withCallback { callback in
///   let task = session.dataTask(with: url) { data, _, error in
///     callback.resume(with: Result { if let error { throw error }; return data ?? Data() })
///   }
///   task.resume()
///   return Cancellation(weak: task) { $0.cancel() }
/// }
/// ```
///
/// A request object usually keeps its own completion handler, and so the callback. A hook that
/// captured the request strongly (`Cancellation { task.cancel() }`) would keep the callback alive
/// for the whole wait: when the SDK drops the request without answering, the drop would never be
/// seen, and a wait without a timeout would never end. The weak form keeps the hook without
/// keeping what the SDK released.
///
/// StreamsAdapters runs a hook at most once, outside its locks. It must not block.
public struct Cancellation: Sendable {
  let run: @Sendable () -> Void

  /// Creates a hook that calls `cancel`.
  ///
  /// - Important: Whatever `cancel` captures stays alive until the wait ends. Don't capture a
  ///   request object that holds the callback: use ``init(weak:_:)`` for it.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.run = cancel
  }

  /// Creates a hook that calls `cancel` with `request`, if the request still exists then.
  ///
  /// The hook holds `request` weakly, so it never keeps the request, or the completion handler
  /// the request holds, alive. When the SDK has released the request, there is nothing left to
  /// cancel and the hook does nothing.
  ///
  /// - Parameters:
  ///   - request: The SDK's request, task or operation object.
  ///   - cancel: Cancels it, such as `{ $0.cancel() }`; called from any thread, at most once.
  public init<Request: AnyObject>(weak request: Request, _ cancel: @escaping @Sendable (Request) -> Void) {
    let reference = WeakRequest(request)
    self.run = { reference.object.map(cancel) }
  }
}

/// A weak reference to an SDK request, readable from the thread that runs the hook.
///
/// `@unchecked Sendable`: the reference itself is only read; calling the request's cancel method
/// from another thread is what every SDK's cancel is for, and ``Cancellation/init(weak:_:)``
/// documents it.
private final class WeakRequest<Request: AnyObject>: @unchecked Sendable {
  weak var object: Request?
  init(_ object: Request) { self.object = object }
}
