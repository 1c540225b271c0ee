/// Process-wide hooks for events that have no other place to go.
///
/// Streams never traps on misuse: it recovers, and reports here. The defaults print to standard
/// error, so a problem is never silent (RxSwift only warns in debug builds). Replace them to log,
/// or to fail a test.
public enum Hooks {
  /// Receives errors that reach a `subscribe(onNext:…)` call made without an `onError` handler.
  public static var unhandledError: @Sendable (Swift.Error) -> Void {
    get { storage.lock.withLock { storage.unhandledError } }
    set { storage.lock.withLock { storage.unhandledError = newValue } }
  }

  /// Receives each misuse that Streams recovered from.
  public static var diagnostic: @Sendable (Diagnostic) -> Void {
    get { storage.lock.withLock { storage.diagnostic } }
    set { storage.lock.withLock { storage.diagnostic = newValue } }
  }

  static func report(_ diagnostic: Diagnostic) { Hooks.diagnostic(diagnostic) }

  private final class Storage: @unchecked Sendable {
    let lock = Lock.make()
    var unhandledError: @Sendable (Swift.Error) -> Void = { error in
      FileHandleOutput.standardError("Streams: unhandled error in subscribe(onNext:…): \(error)\n")
    }
    var diagnostic: @Sendable (Diagnostic) -> Void = { diagnostic in
      FileHandleOutput.standardError("Streams: \(diagnostic)\n")
    }
  }

  private static let storage = Storage()
}

/// A misuse that Streams recovered from, reported to ``Hooks/diagnostic``.
public enum Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// `SingleAssignmentDisposable.setDisposable(_:)` was called twice; the second one was disposed.
  case singleAssignmentReassigned
  /// A stateful operator (such as `scan`, `take` or `toArray`) received an event while its own
  /// step for the previous one was still running: a closure it called fed its source
  /// synchronously, which the Rx grammar forbids. The event was dropped.
  case eventDuringOperatorStep
  /// A `VirtualTimeScheduler` (such as `HistoricalScheduler`) was run from inside its own work, or
  /// asked to move its clock back; the call was ignored. The text says which call and where.
  case virtualTimeSchedulerMisuse(String)

  /// What happened and what to do about it.
  public var description: String {
    switch self {
    case .singleAssignmentReassigned:
      return "SingleAssignmentDisposable was assigned twice; the second disposable was disposed at once. "
        + "Use SerialDisposable to replace a disposable."
    case .eventDuringOperatorStep:
      return "A stateful operator received an event while its closure was still handling the previous one "
        + "(a synchronous feedback into its own source); the event was dropped. Send the feedback from the "
        + "subscriber, or schedule it with observe(on:)."
    case .virtualTimeSchedulerMisuse(let detail):
      return "VirtualTimeScheduler misuse, ignored: \(detail)"
    }
  }
}
