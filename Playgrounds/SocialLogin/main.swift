// SocialLogin: two SDKs (a callback SDK and a delegate SDK, simulated in-process) behind one
// `AuthenticationAdapter` protocol, built with StreamsAdapters; then the same SDKs misbehaving the
// way real SDKs do, and what happens in each case. Nothing here sleeps: the SDKs answer on their own
// threads and the tour waits for explicit signals; the only real waits are three 0.2 s timeouts.

import Foundation
import Streams
import StreamsAdapters

// Diagnostics (ignored duplicate or late callbacks, dropped callbacks, stale delegate calls) go to
// standard error by default; here they are collected and shown with each scenario.
let diagnostics = DiagnosticsLog()
AdapterHooks.diagnostic = { diagnostics.append($0) }

func showDiagnostics() {
  for diagnostic in diagnostics.take() { line("  reported: \(diagnostic)") }
}

let timeout = Timeout.seconds(0.2)
let quickSDK = QuickLoginSDK()
let quick = QuickLoginAdapter(sdk: quickSDK, timeout: timeout)

/// The controllers the delegate SDK will hand out, in order.
final class ControllerScript: @unchecked Sendable {
  private let lock = NSLock()
  private var queue: [SignInController] = []
  let made = Signals()

  func next(_ controllers: SignInController...) {
    lock.withCriticalSection { queue.append(contentsOf: controllers) }
  }

  func make() -> SignInController {
    let controller = lock.withCriticalSection { queue.removeFirst() }
    made.signal()
    return controller
  }
}

let script = ControllerScript()
let signIn = SignInAdapter(timeout: timeout, makeController: { script.make() })
let adapters: [any AuthenticationAdapter] = [quick, signIn]

print("SocialLogin: callback and delegate SDKs behind one protocol, with StreamsAdapters")

// MARK: 1. Well-behaved SDKs

heading("1. Well-behaved SDKs")
script.next(SignInController(name: "A", behaviour: .normal))
for adapter in adapters {
  let result = await outcome { try await adapter.login() }
  line("\(adapter.name): login → \(describe(result))")
  adapter.logout()
}
line("The QuickLogin SDK called back on the main thread: \(quickSDK.lastCallbackWasOnMainThread ?? true);")
line("login() ran on the main actor. The handler was a pre-built @Sendable, nonisolated closure, so")
line("no runtime isolation check could trap (a closure literal written in @MainActor code can).")
showDiagnostics()

// MARK: 2. The callback SDK misbehaving

heading("2. The callback SDK misbehaving (withCallback)")

quickSDK.behave(.callsTwice)
var result = await outcome { try await quick.login() }
await quickSDK.settled.wait(for: 2)
line("calls back twice    → \(describe(result)); the first answer won, the second was ignored")
showDiagnostics()

quickSDK.behave(.neverCalls)
result = await outcome { try await quick.login() }
line("never calls back    → \(describe(result)) after 0.2 s; SDK cancel() calls: \(quickSDK.cancelCount)")

quickSDK.behave(.dropsCallback)
result = await outcome { try await quick.login() }
await quickSDK.settled.wait(for: 3)
line("drops the callback  → \(describe(result)) at once, instead of hanging forever")
showDiagnostics()

quickSDK.behave(.answersLate)
result = await outcome { try await quick.login() }
line("answers late        → \(describe(result)) after 0.2 s; SDK cancel() calls: \(quickSDK.cancelCount)")
quickSDK.answerLate()
await quickSDK.settled.wait(for: 4)
line("                      then the late answer arrived and was ignored")
showDiagnostics()

quickSDK.behave(.neverCalls)
let userCancels = Task { @MainActor in try await quick.login() }
await quickSDK.requests.wait(for: quickSDK.loginCount + 1)
userCancels.cancel()
result = await userCancels.result
line("user cancels        → \(describe(result)) at once; SDK cancel() calls: \(quickSDK.cancelCount)")

let loginsBefore = quickSDK.loginCount
let alreadyCancelled = Task { @MainActor in
  withUnsafeCurrentTask { $0?.cancel() }
  return try await quick.login()
}
result = await alreadyCancelled.result
line("already cancelled   → \(describe(result)); SDK logIn calls: \(quickSDK.loginCount - loginsBefore)")

// MARK: 3. The delegate SDK misbehaving

heading("3. The delegate SDK misbehaving (PendingRequest)")

let tapped = SignInController(name: "B", behaviour: .manual)
let spare = SignInController(name: "B2", behaviour: .manual)
script.next(tapped, spare)
let made = 1
let firstTap = Task { @MainActor in try await signIn.login() }
let secondTap = Task { @MainActor in try await signIn.login() }
await script.made.wait(for: made + 2)  // both taps have registered (join)
tapped.report()
let taps = [await firstTap.result, await secondTap.result]
line("two taps on Sign in → \(taps.map(describe).joined(separator: " and "))")
line("                      one SDK request (performRequests calls: \(tapped.performCount + spare.performCount))")

let first = SignInController(name: "C", behaviour: .reportsTwice)
let second = SignInController(name: "D", behaviour: .manual)
script.next(first, second)
result = await outcome { try await signIn.login() }
line("request with C      → \(describe(result))")
let pendingD = Task { @MainActor in try await signIn.login() }
await second.performed.wait(for: 1)
first.repeatLastReport()  // C's duplicate report arrives while D's request is pending
await first.reported.wait(for: 2)
second.report()
result = await pendingD.result
line("request with D      → \(describe(result)); C's stale duplicate report was ignored")
line("                      (without correlation it would have signed this request in with C's token)")
showDiagnostics()

let silent = SignInController(name: "E", behaviour: .manual)
script.next(silent, SignInController(name: "F", behaviour: .normal))
result = await outcome { try await signIn.login() }
line("never reports       → \(describe(result)) after 0.2 s; controller cancel() calls: \(silent.cancelCount)")
result = await outcome { try await signIn.login() }
line("retry at once       → \(describe(result)); the slot was free again")

// MARK: 4. The same SDK in Rx form

heading("4. Rx form: Single.fromCallback")
quickSDK.behave(.normal)
let loginSingle = Single<Token>.fromCallback { callback in
  let request = quickSDK.logIn(
    permissions: [],
    completion: callback.map { (result: QuickLoginResult) in
      Token(provider: "QuickLogin", value: result.accessToken, user: result.userID)
    }.optionalPair)
  return Cancellation(weak: request) { $0.cancel() }
}
let rxResult = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
  // Top-level code runs on the main actor, and the SDK answers on its own thread: these closures
  // touch no main-actor state (they only resume the continuation), so they say so.
  _ = loginSingle.subscribe(
    onSuccess: { @Sendable in continuation.resume(returning: "success \($0)") },
    onFailure: { @Sendable in continuation.resume(returning: "failure \($0)") })
}
line("subscribe           → \(rxResult)")
quickSDK.behave(.neverCalls)
let cancelsBefore = quickSDK.cancelCount
let subscription = loginSingle.subscribe(onSuccess: { line("unexpected \($0)") })
subscription.dispose()
line("dispose before the answer → SDK cancel() calls: \(quickSDK.cancelCount - cancelsBefore)")

// MARK: Summary

heading("What a hand-written withCheckedThrowingContinuation does, and what StreamsAdapters does")
let rows = [
  ("SDK calls back twice", "traps: resumed twice", "first answer wins; later ones reported"),
  ("SDK never calls back", "hangs forever", "timeout: timedOut + SDK cancel, at once"),
  ("SDK drops the callback", "hangs; logs a leak", "callbackDropped at once"),
  ("SDK answers late", "traps, or resumes the next call", "ignored; reported"),
  ("answer on another thread", "may trap (isolation check)", "@Sendable nonisolated handlers"),
  ("task cancelled", "ignored until the SDK answers", "CancellationError + SDK cancel, at once"),
  ("stale delegate call", "resolves the next request", "correlation: ignored; reported"),
  ("two requests overlap", "second overwrites the first", "reject / supersede / join / enqueue"),
]
for (misbehaviour, naive, adapters) in rows {
  line(
    misbehaviour.padding(toLength: 26, withPad: " ", startingAt: 0)
      + naive.padding(toLength: 33, withPad: " ", startingAt: 0) + adapters)
}
print("\nDone.")
