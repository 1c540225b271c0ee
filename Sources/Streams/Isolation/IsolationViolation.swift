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
  /// The file of the call that handed Streams the closure (`#file` of that call: a file ID such as
  /// `App/ViewModel.swift` in Swift 6 language mode, a path in Swift 5 mode).
  public let file: StaticString
  /// The line of that call.
  public let line: UInt
  /// Whether the call was compiled in Swift 6 language mode (or with Swift 6's `#file`), where
  /// Swift itself enforces isolation: only then does the default handler stop a debug build.
  public let isStrict: Bool

  /// What happened, where, and how to fix it.
  public var description: String {
    "\(operatorName)'s closure was formed on \(isolation) (\(file):\(line)) and called off it, on another thread: "
      + "a data race the compiler cannot see. Deliver on the actor first (observe(on: MainScheduler.instance) for "
      + "the main actor), or, for a closure that touches no \(isolation) state, mark it @Sendable and pass "
      + "isolation: nil."
  }

  /// The default ``Hooks/isolationViolation``: in a debug build of Streams, a violation in code
  /// compiled in Swift 6 language mode stops the program with ``description`` at the call that
  /// handed over the closure, as Swift's own dynamic isolation checks (SE-0423) do; everything
  /// else (release builds, Swift 5 mode) goes to ``Hooks/diagnostic`` as
  /// ``Diagnostic/isolationViolation(_:)``.
  public static let stopInDebugBuilds: @Sendable (IsolationViolation) -> Void = { violation in
    #if DEBUG
      if violation.isStrict {
        fatalError("Streams: \(violation.description)", file: violation.file, line: violation.line)
      }
    #endif
    Hooks.report(.isolationViolation(violation.description))
  }
}
