/// A misbehaviour that StreamsAdapters recovered from, reported to ``AdapterHooks/diagnostic``.
///
/// None of these stops the program: the late or duplicate call is ignored, the dropped callback
/// ends the wait with ``AdapterError/callbackDropped``. They are reported because each one points
/// at an SDK (or adapter) bug worth knowing about.
public struct AdapterDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Sendable, Equatable {
    /// The SDK called back again after its first callback had already resolved the wait. The
    /// later call was ignored; the caller kept the first result.
    case duplicateCallback
    /// A callback arrived after the wait had already ended another way; it was ignored.
    case lateCallback(endedBy: Ending)
    /// Every copy of the callback was released without being called; the wait ended with
    /// ``AdapterError/callbackDropped``.
    case callbackDropped
    /// A delegate callback came from another SDK object than the one the pending request is
    /// correlated with (a stale call from an earlier request); it was ignored.
    case staleCallback
    /// A delegate callback arrived while no request was waiting for one (a late call after a
    /// timeout or cancellation, or an SDK calling back twice); it was ignored.
    case unexpectedCallback
    /// The producer used an ``EventSink`` after it had itself called `finish()` or `fail(_:)`; the
    /// call was ignored.
    case eventAfterFinish
    /// An ``EventSink`` was released without `finish()` or `fail(_:)`; the stream ended with
    /// ``AdapterError/callbackDropped``.
    case sinkDropped
  }

  /// How a wait ended before a late callback arrived.
  public enum Ending: Sendable, Equatable {
    /// The waiting task was cancelled.
    case cancelled
    /// The timeout elapsed.
    case timedOut
    /// The `start` closure threw.
    case startFailed
    /// The Rx subscription was disposed.
    case disposed
  }

  /// What happened.
  public let kind: Kind

  /// Which adapter reported it: the file and line of the `withCallback`, `events`,
  /// `Single.fromCallback` or `Observable.events` call, or the label of a ``PendingRequest``.
  public let origin: String

  /// Creates a diagnostic; StreamsAdapters makes these, tests may compare against them.
  public init(kind: Kind, origin: String) {
    self.kind = kind
    self.origin = origin
  }

  /// What happened, where, and what was done about it.
  public var description: String {
    "\(origin): " + kind.explanation
  }
}

extension AdapterDiagnostic.Kind {
  var explanation: String {
    switch self {
    case .duplicateCallback:
      return "the SDK called back more than once; the first call won and this one was ignored."
    case .lateCallback(let ending):
      return "a callback arrived after the wait had ended (\(ending.explanation)); it was ignored."
    case .callbackDropped:
      return "the SDK released the callback without calling it; the wait ended with callbackDropped."
    case .staleCallback:
      return "a delegate callback came from another SDK object than the pending request's "
        + "(a stale call); it was ignored."
    case .unexpectedCallback:
      return "a delegate callback arrived while no request was pending; it was ignored."
    case .eventAfterFinish:
      return "the producer used the EventSink after finishing it; the call was ignored."
    case .sinkDropped:
      return "the EventSink was released without finish() or fail(_:); the stream ended with callbackDropped."
    }
  }
}

extension AdapterDiagnostic.Ending {
  var explanation: String {
    switch self {
    case .cancelled: return "cancelled"
    case .timedOut: return "timed out"
    case .startFailed: return "start threw"
    case .disposed: return "disposed"
    }
  }
}
