/// A closure that Streams called outside the isolation it was formed in, reported to
/// ``Hooks/isolationViolation``.
///
/// A closure written in a main-actor context (a `@MainActor` view model, a SwiftUI view) is, for
/// Swift, a main-actor closure: it may touch main-actor state without `await`. Streams reads each
/// closure's own isolation (closure parameters are `@isolated(any)`) and checks it when it calls
/// the closure. A main-actor closure called off the main thread is a data race the compiler could
/// not see; this value says which operator was handed the closure, its type, and what to do.
///
/// See the contract article's "Isolation" section for what runs where.
public struct IsolationViolation: Sendable, CustomStringConvertible {
  /// The operator or method that was handed the closure, such as `map` or `subscribe(onNext:)`.
  public let operatorName: String
  /// The isolation the closure was formed in, such as `MainActor`.
  public let isolation: String
  /// The closure's type, such as `(Int) throws -> String`: with ``operatorName``, what tells one
  /// chain's closure from another's in a log. (Its file and line are not known: a defaulted
  /// `#file`/`#line` parameter after the closure would change which overload Swift picks for a
  /// trailing closure, unlike RxSwift.)
  public let closureType: String

  /// What happened and how to fix it.
  public var description: String {
    "\(operatorName)'s closure \(closureType) is isolated to \(isolation) and was called off it, on another "
      + "thread: a data race the compiler cannot see. Deliver on the actor first (observe(on: "
      + "MainScheduler.instance) for the main actor), or, for a closure that touches no \(isolation) state, "
      + "make it nonisolated: mark it @Sendable, or pass a nonisolated function."
  }

  /// The default ``Hooks/isolationViolation``: a debug build of Streams stops the program with
  /// ``description`` before the closure is called, as Swift's own dynamic isolation checks
  /// (SE-0423) do; a release build reports to ``Hooks/diagnostic`` as
  /// ``Diagnostic/isolationViolation(_:)`` and calls the closure.
  public static let stopInDebugBuilds: @Sendable (IsolationViolation) -> Void = { violation in
    #if DEBUG
      fatalError("Streams: \(violation.description)")
    #else
      report(violation)
    #endif
  }

  /// A ``Hooks/isolationViolation`` that never stops: it reports to ``Hooks/diagnostic`` as
  /// ``Diagnostic/isolationViolation(_:)``, and the closure is called. For a codebase moving from
  /// RxSwift that wants to see its races in a log before fixing them:
  /// `Hooks.isolationViolation = IsolationViolation.report`.
  public static let report: @Sendable (IsolationViolation) -> Void = { violation in
    Hooks.report(.isolationViolation(violation.description))
  }
}
