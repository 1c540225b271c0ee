import Foundation

/// Process-wide hooks for events that have no other place to go.
///
/// Streams never traps on misuse: it recovers, and reports here. The defaults print to standard
/// error, so a problem is never silent (RxSwift only warns in debug builds). Replace them to log,
/// or to fail a test.
///
/// An error that reaches a `subscribe(onNext:…)` call made without an `onError` handler goes to
/// ``defaultErrorHandler`` (RxSwift's hook, with the subscription's call stack), whose default
/// hands it to ``unhandledError``. Assign either one; assigning ``defaultErrorHandler`` bypasses
/// ``unhandledError``.
public enum Hooks {
  /// RxSwift's signature for ``defaultErrorHandler``.
  public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
  /// RxSwift's signature for ``customCaptureSubscriptionCallstack``.
  public typealias CustomCaptureSubscriptionCallstack = () -> [String]

  /// Receives errors that reach a `subscribe(onNext:…)` call made without an `onError` handler,
  /// unless ``defaultErrorHandler`` was replaced.
  public static var unhandledError: @Sendable (Swift.Error) -> Void {
    get { storage.lock.withLock { storage.unhandledError } }
    set { storage.lock.withLock { storage.unhandledError = newValue } }
  }

  /// Receives errors that reach a `subscribe(onNext:…)` call made without an `onError` handler,
  /// with the call stack captured when that subscription was made (empty unless
  /// ``recordCallStackOnError`` was `true` then).
  ///
  /// The default forwards the error to ``unhandledError``. It runs on the thread that delivered
  /// the error.
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { storage.lock.withLock { storage.defaultErrorHandler } }
    set { storage.lock.withLock { storage.defaultErrorHandler = newValue } }
  }

  /// Whether `subscribe(onNext:…)` calls without an `onError` handler capture their call stack
  /// (with ``customCaptureSubscriptionCallstack``) for ``defaultErrorHandler``. `false` by default:
  /// capturing a call stack is slow.
  public static var recordCallStackOnError: Bool {
    get { recordingCallStacks.load() }
    set { recordingCallStacks.store(newValue) }
  }

  /// Captures the call stack of a subscription when ``recordCallStackOnError`` is `true`. The
  /// default returns `Thread.callStackSymbols`.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { storage.lock.withLock { storage.customCaptureSubscriptionCallstack } }
    set { storage.lock.withLock { storage.customCaptureSubscriptionCallstack = newValue } }
  }

  /// Receives each misuse that Streams recovered from.
  public static var diagnostic: @Sendable (Diagnostic) -> Void {
    get { storage.lock.withLock { storage.diagnostic } }
    set { storage.lock.withLock { storage.diagnostic = newValue } }
  }

  /// Receives each call of a closure outside the isolation it was formed in (see
  /// ``IsolationViolation``). The default, ``IsolationViolation/stopInDebugBuilds``, stops a debug
  /// build and reports to ``diagnostic`` in a release build; ``IsolationViolation/report`` never
  /// stops. It runs on the thread that called the closure, just before it.
  public static var isolationViolation: @Sendable (IsolationViolation) -> Void {
    get { storage.lock.withLock { storage.isolationViolation } }
    set { storage.lock.withLock { storage.isolationViolation = newValue } }
  }

  static func report(_ diagnostic: Diagnostic) { Hooks.diagnostic(diagnostic) }

  /// The call stack a `subscribe(onNext:…)` subscription keeps for ``defaultErrorHandler``.
  static func subscriptionCallStack() -> [String] {
    // Every subscribe(onNext:…) asks: answered without the hooks' lock while recording is off.
    guard recordingCallStacks.load() else { return [] }
    return customCaptureSubscriptionCallstack()
  }

  /// Hands an error that no `onError` handler received to ``defaultErrorHandler``.
  @usableFromInline
  static func reportUnhandled(_ error: Swift.Error, subscriptionCallStack: [String]) {
    defaultErrorHandler(subscriptionCallStack, error)
  }

  private final class Storage: @unchecked Sendable {
    // Unchecked: every hook is read and written only under `lock`.
    let lock = Lock.make()
    var unhandledError: @Sendable (Swift.Error) -> Void = { error in
      FileHandleOutput.standardError("Streams: unhandled error in subscribe(onNext:…): \(error)\n")
    }
    var defaultErrorHandler: DefaultErrorHandler = { _, error in Hooks.unhandledError(error) }
    var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = { Thread.callStackSymbols }
    var isolationViolation: @Sendable (IsolationViolation) -> Void = IsolationViolation.stopInDebugBuilds
    var diagnostic: @Sendable (Diagnostic) -> Void = { diagnostic in
      FileHandleOutput.standardError("Streams: \(diagnostic)\n")
    }
  }

  private static let storage = Storage()
  /// `recordCallStackOnError`, read by every closure subscription without the hooks' lock.
  private static let recordingCallStacks = SynchronizedBool(false)
}

/// A misuse that Streams recovered from, reported to ``Hooks/diagnostic``.
public enum Diagnostic: Sendable, Equatable, CustomStringConvertible {
  /// `SingleAssignmentDisposable.setDisposable(_:)` was called twice; the second one was disposed.
  case singleAssignmentReassigned
  /// A stateful operator (such as `scan`, `reduce` or `toArray`) received an event while its own
  /// step for the previous one was still running: a closure it called fed its source
  /// synchronously, which the Rx grammar forbids. The event was dropped.
  case eventDuringOperatorStep
  /// A binding (a ``Binder``, a relay's `bind(to:)`, or `bind(onNext:)`) received this error,
  /// which it has no way to show; the binding ended. RxSwift traps here in debug builds.
  case bindingError(String)
  /// `MainScheduler.ensureExecutingOnScheduler` or `ensureRunningOnMainThread` ran off the main
  /// thread; the message says where. RxSwift traps here.
  case notOnMainThread(String)
  /// A `VirtualTimeScheduler` (such as `HistoricalScheduler`) was run from inside its own work, or
  /// asked to move its clock back; the call was ignored. The text says which call and where.
  case virtualTimeSchedulerMisuse(String)
  /// A closure was called outside the isolation it was formed in; the text is the
  /// ``IsolationViolation``'s description. Reported by the default ``Hooks/isolationViolation``
  /// when it does not stop the program.
  case isolationViolation(String)
  /// A delegate proxy (StreamsCocoa's `DelegateProxyType`) was misused and the call was refused:
  /// a second forward delegate or data source installed on one object (a second `items`
  /// binding, or `setDelegate` after another), or a proxy factory registered twice. The text says
  /// which object and what to do.
  case delegateProxyMisuse(String)

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
    case .bindingError(let error):
      return "A binding received the error \(error) and ended. Bind only sequences that cannot fail: "
        + "handle the error first (catchAndReturn, asInfallible(onErrorJustReturn:), asDriver)."
    case .notOnMainThread(let message):
      return "\(message) This code must run on the main thread: observe(on: MainScheduler.instance) first."
    case .virtualTimeSchedulerMisuse(let detail):
      return "VirtualTimeScheduler misuse, ignored: \(detail)"
    case .isolationViolation(let detail):
      return detail
    case .delegateProxyMisuse(let detail):
      return "Delegate proxy misuse, refused: \(detail)"
    }
  }
}
