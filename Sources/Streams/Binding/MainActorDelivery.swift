import Foundation

/// Turns the `@MainActor` closures of ``Binder``, `drive` and `emit` (main-actor closures by
/// contract, as RxSwift PR #2613 proposes) into the plain closures Streams stores, which call them
/// where they are delivered.
///
/// These APIs deliver on the main thread (``MainScheduler``, or a `Driver`'s and `Signal`'s
/// scheduler), so each call is one of:
/// - on the main thread: run through `MainActor.assumeIsolated`. The element is handed over in an
///   unchecked box, which is sound: the call is synchronous, on the thread that already runs the
///   main actor, so the element never crosses a thread.
/// - inside the main queue's work on another thread (Linux, where `dispatchMain()` services the
///   main queue from a thread other than the process's first): the main queue is the main actor's
///   executor there, serial with every main-actor job, so the closure is called as it is
///   (`MainActor.assumeIsolated` would stop the program, as the runtime checks the thread).
/// - anywhere else, the closure runs off the main actor: a `drive` called on a background thread
///   replays the latest element on that thread, and a `SharingScheduler.mock` scheduler run by a
///   test off the main thread delivers there. This is reported to ``Hooks/isolationViolation``
///   with the API's name, as any main-actor closure called off the main actor is
///   (in a debug build of Swift 6 code the default handler stops the program); if the handler
///   returns, the closure is called anyway, as RxCocoa would.
package enum MainActorDelivery {
  /// `body` as a closure that runs it where it is delivered; see the type's description.
  package static func deliver<A>(
    _ body: @escaping @MainActor (A) -> Void, _ name: StaticString
  ) -> (A) -> Void {
    let check = IsolationCheck(name, MainActor.shared, type(of: body))
    return { argument in call(argument, check, body) }
  }

  /// `body`, if any, as a closure that runs it where it is delivered.
  package static func deliver<A>(
    _ body: (@MainActor (A) -> Void)?, _ name: StaticString
  ) -> ((A) -> Void)? {
    guard let body else { return nil }
    return deliver(body, name) as (A) -> Void
  }

  /// `body`, if any, as a closure that runs it where it is delivered.
  package static func deliver(
    _ body: (@MainActor () -> Void)?, _ name: StaticString
  ) -> (() -> Void)? {
    guard let body else { return nil }
    let check = IsolationCheck(name, MainActor.shared, type(of: body))
    return { call((), check) { _ in body() } }
  }

  /// `body`, if any, as a closure that runs it where it is delivered.
  package static func deliver<A, B>(
    _ body: (@MainActor (A, B) -> Void)?, _ name: StaticString
  ) -> ((A, B) -> Void)? {
    guard let body else { return nil }
    let check = IsolationCheck(name, MainActor.shared, type(of: body))
    return { a, b in call((a, b), check) { body($0.0, $0.1) } }
  }

  /// Calls `body` now, as the main actor, by the rules above, and returns what it returns: for
  /// code that runs where the main actor's work runs by construction (a control's sources
  /// subscribe on ``ConcurrentMainScheduler``), named `name` in a report.
  package static func run<R: Sendable>(_ name: StaticString, _ body: @MainActor () -> R) -> R {
    perform(IsolationCheck(name, MainActor.shared, (@MainActor () -> R).self), body)
  }

  /// Calls `body` with `argument` now, as ``run(_:_:)`` does: for APIs that RxSwift code calls
  /// without isolation (a curried `bind(to:)`) but that run on the main thread by contract.
  package static func run<A, R: Sendable>(
    with argument: A, _ name: StaticString, _ body: @MainActor (A) -> R
  ) -> R {
    call(argument, IsolationCheck(name, MainActor.shared, (@MainActor (A) -> R).self), body)
  }

  /// Runs `body` now if the caller is where the main actor's work runs, else later on the main
  /// queue: for work that must not wait for the caller, such as the main-actor half of a disposal,
  /// which may come from any thread.
  package static func runNowOrEnqueue(
    _ name: StaticString, _ body: @escaping @MainActor @Sendable () -> Void
  ) {
    if MainScheduler.isOnMain {
      run(name, body)
    } else {
      DispatchQueue.main.async { run(name, body) }
    }
  }

  private static func call<A, R: Sendable>(
    _ argument: A, _ check: IsolationCheck, _ body: @MainActor (A) -> R
  ) -> R {
    // Sound: handed over synchronously, on this thread, to a call that runs here.
    let argument = UncheckedSendable(argument)
    return perform(check) { body(argument.value) }
  }

  /// Runs `body` by the rules in the type's description: the one place that does.
  private static func perform<R: Sendable>(
    _ check: @autoclosure () -> IsolationCheck, _ body: @MainActor () -> R
  ) -> R {
    if Thread.isMainThread {
      // Sound: synchronous, on the main thread; see the type's description.
      return MainActor.assumeIsolated(body)
    }
    if !MainScheduler.isOnMain { check().verify() }
    return withoutActuallyEscaping(body) { body in
      // The main queue's work (or a reported violation): called as a plain function, which is
      // what `MainActor.assumeIsolated` does once its check passed.
      unsafeBitCast(body, to: (() -> R).self)()
    }
  }
}
