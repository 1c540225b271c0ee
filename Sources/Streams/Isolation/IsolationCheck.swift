import Foundation

/// The isolation of a closure that Streams stores, and the API that stored it: checked each time
/// Streams calls the closure.
///
/// Closure-taking APIs take `@isolated(any)` closures, whose `isolation` is the closure's own
/// ([SE-0431](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0431-isolated-any-functions.md)):
/// `nil` for a `@Sendable` closure, a `nonisolated` function, or a closure formed outside any actor;
/// the actor for a closure formed on one. `Isolation.checked(_:_:)` and its overloads turn
/// the closure into a plain one: a nonisolated closure unwrapped, with no check per call; any other
/// wrapped in a call to ``verify()`` first:
/// - the main actor is checked on every call, in every build: the main thread or the main queue's
///   work (``MainScheduler``'s test: on Linux the main queue may be serviced by another thread);
/// - another actor has no public yes-or-no check, so its closures are checked with
///   `preconditionIsolated` in debug builds, and not in release builds.
@usableFromInline
struct IsolationCheck: Sendable {
  let operatorName: StaticString
  let isolation: any Actor
  /// The closure's type, for the report: `(Int) throws -> String`.
  let closureType: any Any.Type

  @usableFromInline
  init(_ operatorName: StaticString, _ isolation: any Actor, _ closureType: any Any.Type) {
    self.operatorName = operatorName
    self.isolation = isolation
    self.closureType = closureType
  }

  /// Reports a call off the closure's isolation to ``Hooks/isolationViolation``.
  @usableFromInline
  func verify() {
    if isolation === MainActor.shared {
      if MainScheduler.isOnMain { return }
      Hooks.isolationViolation(violation(isolationName: "MainActor"))
      return
    }
    #if DEBUG
      isolation.preconditionIsolated("Streams: \(violation(isolationName: "\(type(of: isolation))").description)")
    #endif
  }

  private func violation(isolationName: String) -> IsolationViolation {
    IsolationViolation(
      operatorName: "\(operatorName)", isolation: isolationName, closureType: "\(closureType)")
  }
}
