/// The errors StreamsAdapters raises. Each case says what happened and what to do.
///
/// `withCallback`, ``PendingRequest`` and `events` never hang and never trap: when the SDK
/// misbehaves, the wait ends with one of these.
///
/// ```swift
/// do {
///   let token = try await withCallback(timeout: .seconds(30)) { (callback: Callback<Token>) in
///     let request = sdk.logIn(completion: callback.optionalPair)
///     return Cancellation(weak: request) { $0.cancel() }
///   }
/// } catch AdapterError.timedOut {
///   // The SDK never answered; it was told to cancel.
/// }
/// ```
public enum AdapterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The SDK released every copy of the callback (or the ``EventSink``) without calling it, so no
  /// answer can ever come.
  case callbackDropped
  /// A `(Value?, Error?)` callback was called with `(nil, nil)`: neither a value nor an error.
  case invalidCallback
  /// The timeout elapsed before the SDK answered; its cancel hook was run.
  case timedOut
  /// ``PendingRequest`` with the ``PendingRequest/Overlap/reject`` policy: a request was already
  /// pending.
  case alreadyPending
  /// ``PendingRequest`` with the ``PendingRequest/Overlap/supersede`` policy: a newer request
  /// replaced this one.
  case superseded
  /// A second iterator was made for an ``AsyncEvents`` sequence, which has one consumer.
  case multipleConsumers
  /// An `AsyncBufferingPolicy.failOnOverflow(_:)` buffer was full when the producer sent another
  /// element.
  case bufferOverflow(limit: Int)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .callbackDropped:
      return "The SDK released the callback without calling it, so it can never answer. "
        + "Check that the SDK object (and its delegate) stay alive while it works; "
        + "pass it as keepAlive, or retry."
    case .invalidCallback:
      return "The SDK called back with neither a value nor an error (nil, nil). "
        + "Treat it as a failed call; report the SDK bug."
    case .timedOut:
      return "The SDK did not answer before the timeout; it was told to cancel. "
        + "Retry, or raise the timeout if the operation is legitimately slow."
    case .alreadyPending:
      return "A request was already pending and the overlap policy is reject. "
        + "Wait for it to finish, or use the join, supersede or enqueue policy."
    case .superseded:
      return "A newer request replaced this one (overlap policy supersede). "
        + "Nothing to do unless you need this result: then use join or enqueue."
    case .multipleConsumers:
      return "This events sequence already has a consumer and supports only one. "
        + "Iterate it once, or use Observable.events(...).share() to fan out."
    case .bufferOverflow(let limit):
      return "The consumer fell behind: \(limit) buffered elements and another arrived "
        + "(policy failOnOverflow). Consume faster, raise the limit, or use bufferingNewest."
    }
  }
}
