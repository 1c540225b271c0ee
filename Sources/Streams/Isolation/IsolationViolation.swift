/// A closure that Streams called outside the isolation it was formed in, reported to
/// ``Hooks/isolationViolation``.
///
/// A closure written in a main-actor context (a `@MainActor` view model, a SwiftUI view) is, for
/// Swift, a main-actor closure: it may touch main-actor state without `await`. Streams keeps the
/// isolation of the context that handed it a closure (the `isolation` parameter every
/// closure-taking operator has, defaulting to `#isolation`) and checks it when it calls the closure.
/// A main-actor closure called off the main thread is a data race the compiler could not see; this
/// value says which operator, where it was written, and what to do.
///
/// See the contract article's "Isolation" section for what runs where.
public struct IsolationViolation: Sendable, CustomStringConvertible {
  /// The operator or method that was handed the closure, such as `map` or `subscribe(onNext:)`.
  public let operatorName: String
  /// The isolation the closure was formed in, such as `MainActor`.
  public let isolation: String
  /// The file of the call that handed Streams the closure (`#file` of that call, such as
  /// `App/ViewModel.swift`).
  public let file: StaticString
  /// The line of that call.
  public let line: UInt

  /// What happened, where, and how to fix it.
  public var description: String {
    "\(operatorName)'s closure was formed on \(isolation) (\(file):\(line)) and called off it, on another thread: "
      + "a data race the compiler cannot see. Deliver on the actor first (observe(on: MainScheduler.instance) for "
      + "the main actor), or, for a closure that touches no \(isolation) state, mark it @Sendable and pass "
      + "isolation: nil."
  }

  /// The default ``Hooks/isolationViolation``: a debug build of Streams stops the program with
  /// ``description`` at the call that handed over the closure, as Swift's own dynamic isolation
  /// checks (SE-0423) do; a release build reports to ``Hooks/diagnostic`` as
  /// ``Diagnostic/isolationViolation(_:)`` and calls the closure.
  public static let stopInDebugBuilds: @Sendable (IsolationViolation) -> Void = { violation in
    #if DEBUG
      fatalError("Streams: \(violation.description)", file: violation.file, line: violation.line)
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
