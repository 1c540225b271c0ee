/// The SDK's cancel (or stop) hook: what to call to make the SDK give up.
///
/// Return one from the `start` closure of `withCallback`, `events` and their Rx forms, or pass it
/// to ``PendingRequest/run(isolation:correlatedWith:keepAlive:timeout:cancel:_:)``:
///
/// ```swift
/// let data = try await withCallback { callback in
///   let task = session.dataTask(with: url) { data, _, error in
///     callback.resume(with: Result { if let error { throw error }; return data ?? Data() })
///   }
///   task.resume()
///   return Cancellation { task.cancel() }
/// }
/// ```
///
/// StreamsAdapters runs a hook at most once, outside its locks. It must not block.
public struct Cancellation: Sendable {
  let run: @Sendable () -> Void

  /// Creates a hook that calls `cancel`.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.run = cancel
  }
}
