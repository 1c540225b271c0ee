import Foundation
import StreamsAdapters

/// A callback SDK, simulated: it stores each completion handler it is given, and the test decides
/// when (and how often, and from which thread) to call it, or to drop it.
///
/// The handler type is a plain, non-Sendable closure, as in an Objective-C SDK.
final class CallbackSDK<Value: Sendable>: @unchecked Sendable {
  typealias Completion = (Value?, (any Error)?) -> Void

  private let lock = NSLock()
  private var handlers: [Completion] = []
  /// Signalled each time `logIn` is called.
  let starts = Signals()
  /// Counts calls of `cancel()`.
  let cancels = Counter()

  /// Stores `completion`; it is called by `callBack`.
  func logIn(completion: @escaping Completion) {
    lock.lock()
    handlers.append(completion)
    lock.unlock()
    starts.signal()
  }

  /// The SDK's cancel API: counts the call, keeps the handlers (a sloppy SDK may still call back).
  func cancel() {
    cancels.increment()
  }

  /// Calls the latest handler, on this thread.
  func callBack(_ value: Value?, _ error: (any Error)?) {
    latestHandler()?(value, error)
  }

  /// Calls the latest handler from a new background thread, and waits until it returned.
  func callBackFromBackgroundThread(_ value: Value?, _ error: (any Error)?) async {
    let handler = SDKBox(value: latestHandler())
    let done = Gate()
    let arguments = SDKBox(value: (value, error))
    onBackgroundThread {
      handler.value?(arguments.value.0, arguments.value.1)
      done.open()
    }
    await done.wait()
  }

  /// The handler of the latest call, if any.
  private func latestHandler() -> Completion? {
    lock.lock()
    defer { lock.unlock() }
    return handlers.last
  }

  /// Releases every stored handler without calling it.
  func dropHandlers() {
    lock.lock()
    let dropped = handlers
    handlers = []
    lock.unlock()
    _ = dropped  // released here, outside the lock
  }
}

/// A delegate SDK, simulated: a controller with a weak delegate, like `ASAuthorizationController`.
final class SignInController: Sendable {
  private struct WeakDelegate {
    weak var value: (any SignInControllerDelegate)?
  }

  private let storedDelegate = Locked(WeakDelegate())
  /// Set by every concurrent sign-in that shares the controller (the join tests), so it is locked.
  var delegate: (any SignInControllerDelegate)? {
    get { storedDelegate.value.value }
    set { storedDelegate.withLock { $0.value = newValue } }
  }
  let performs = Signals()
  let cancels = Counter()

  func performRequests() {
    performs.signal()
  }

  func cancel() {
    cancels.increment()
  }

  /// Makes the controller report `credential` to its delegate (on this thread).
  func complete(with credential: String) {
    delegate?.controller(self, didCompleteWith: credential)
  }

  /// Makes the controller report `error` to its delegate (on this thread).
  func fail(with error: any Error) {
    delegate?.controller(self, didFailWith: error)
  }
}

protocol SignInControllerDelegate: AnyObject {
  func controller(_ controller: SignInController, didCompleteWith credential: String)
  func controller(_ controller: SignInController, didFailWith error: any Error)
}

/// The adapter side of the delegate SDK: owns a `PendingRequest`, forwards the delegate calls.
final class SignInDelegate: SignInControllerDelegate, Sendable {
  let pending: PendingRequest<String>

  init(overlap: PendingRequest<String>.Overlap) {
    pending = PendingRequest(overlap: overlap, label: "SignInDelegate")
  }

  nonisolated func controller(_ controller: SignInController, didCompleteWith credential: String) {
    pending.resume(from: controller, returning: credential)
  }

  nonisolated func controller(_ controller: SignInController, didFailWith error: any Error) {
    pending.resume(from: controller, throwing: error)
  }
}

/// Holds an object weakly, to observe its lifetime.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?

  init(_ object: Object? = nil) {
    self.object = object
  }
}

extension SignInDelegate {
  /// Signs in through `controller`: the adapter code an app would write.
  func signIn(
    with controller: SignInController,
    correlate: Bool = true,
    timeout: Timeout? = nil
  ) async throws -> String {
    controller.delegate = self
    return try await pending.run(
      correlatedWith: correlate ? controller : nil, timeout: timeout,
      cancel: Cancellation { controller.cancel() }
    ) {
      controller.performRequests()
    }
  }
}
