import Foundation

// Two in-process stand-ins for real SDKs. Their APIs have the shapes of the real thing: plain,
// non-Sendable Objective-C-style closures, a weak delegate, callbacks on the SDK's own threads.
// Each can be told to misbehave the way real SDKs do.

/// What the callback SDK answers with.
struct QuickLoginResult {
  let userID: String
  let accessToken: String
}

/// How the callback SDK behaves on the next `logIn`.
enum QuickLoginBehaviour: Sendable {
  /// Calls back once, on a background thread.
  case normal
  /// Calls back twice (an internal retry that also reports).
  case callsTwice
  /// Keeps the completion forever and never calls it.
  case neverCalls
  /// Releases the completion without calling it (the SDK object was torn down).
  case dropsCallback
  /// Keeps the completion and calls it only when `answerLate()` is called.
  case answersLate
}

/// A handle the callback SDK returns, used to cancel a login.
final class QuickLoginRequest: @unchecked Sendable {
  private let onCancel: () -> Void

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  func cancel() { onCancel() }
}

/// A callback-based login SDK (think of a social network's "Log in with …" SDK).
final class QuickLoginSDK: @unchecked Sendable {
  typealias Completion = (QuickLoginResult?, Error?) -> Void

  private let lock = NSLock()
  private var behaviour = QuickLoginBehaviour.normal
  private var keptForever: [Completion] = []
  private var keptForLater: [Completion] = []
  /// The requests still in flight, kept as real SDKs keep theirs until they answer or give up.
  private var inFlight: [Int: QuickLoginRequest] = [:]
  private var logins = 0
  private var cancels = 0
  private var calledBackOnMainThread: Bool?
  /// Signalled when the SDK has done everything it will do for a login (its calls have returned).
  let settled = Signals()
  /// Signalled when `logIn` was called.
  let requests = Signals()

  func behave(_ behaviour: QuickLoginBehaviour) {
    lock.withCriticalSection { self.behaviour = behaviour }
  }

  var cancelCount: Int { lock.withCriticalSection { cancels } }

  /// How many times `logIn` was called.
  var loginCount: Int { lock.withCriticalSection { logins } }

  /// Whether the last normal callback ran on the main thread.
  var lastCallbackWasOnMainThread: Bool? { lock.withCriticalSection { calledBackOnMainThread } }

  /// The SDK's login API: answers through `completion`, on a thread of its own.
  @discardableResult
  func logIn(permissions: [String], completion: @escaping Completion) -> QuickLoginRequest {
    let (behaviour, number) = lock.withCriticalSection { () -> (QuickLoginBehaviour, Int) in
      logins += 1
      return (self.behaviour, logins)
    }
    let request = QuickLoginRequest { [self] in lock.withCriticalSection { cancels += 1 } }
    lock.withCriticalSection { inFlight[number] = request }
    let finished: @Sendable () -> Void = { [self] in
      lock.withCriticalSection { _ = inFlight.removeValue(forKey: number) }
    }
    let handler = Unchecked(completion)
    let result = QuickLoginResult(userID: "alice", accessToken: "quick-\(number)")
    switch behaviour {
    case .normal:
      DispatchQueue.global().async {
        self.lock.withCriticalSection { self.calledBackOnMainThread = Thread.isMainThread }
        handler.value(result, nil)
        finished()
        self.settled.signal()
      }
    case .callsTwice:
      DispatchQueue.global().async {
        handler.value(result, nil)
        handler.value(QuickLoginResult(userID: "alice", accessToken: "quick-\(number)-retry"), nil)
        finished()
        self.settled.signal()
      }
    case .neverCalls:
      lock.withCriticalSection { keptForever.append(completion) }
    case .answersLate:
      lock.withCriticalSection { keptForLater.append(completion) }
    case .dropsCallback:
      DispatchQueue.global().async {
        _ = handler  // the block ends: the SDK's last reference to the completion goes away
        finished()
        self.settled.signal()
      }
    }
    requests.signal()
    return request
  }

  /// Makes an `.answersLate` SDK answer now, on a background thread.
  func answerLate() {
    let late = lock.withCriticalSection { () -> [Completion] in
      defer {
        keptForLater = []
        inFlight = [:]
      }
      return keptForLater
    }
    let handlers = Unchecked(late)
    DispatchQueue.global().async {
      for handler in handlers.value { handler(QuickLoginResult(userID: "alice", accessToken: "quick-late"), nil) }
      self.settled.signal()
    }
  }

  func logOut() {}
}

/// A credential from the delegate SDK.
struct SignInCredential {
  let user: String
  let identityToken: String
}

/// How a `SignInController` behaves.
enum SignInBehaviour: Sendable {
  /// Reports once, on a background thread.
  case normal
  /// Reports once, and reports the same credential again when `repeatLastReport()` is called.
  case reportsTwice
  /// Reports only when `report()` is called.
  case manual
}

protocol SignInControllerDelegate: AnyObject {
  func signInController(_ controller: SignInController, didCompleteWith credential: SignInCredential)
  func signInController(_ controller: SignInController, didFailWith error: Error)
}

/// A delegate-based sign-in SDK (think of `ASAuthorizationController`): one controller per
/// request, a weak delegate, reports on a thread of its own.
final class SignInController: @unchecked Sendable {
  weak var delegate: SignInControllerDelegate?
  let name: String
  private let behaviour: SignInBehaviour
  private let lock = NSLock()
  private var performs = 0
  private var cancels = 0
  /// Signalled when the controller has delivered a report.
  let reported = Signals()
  /// Signalled when `performRequests` was called.
  let performed = Signals()

  init(name: String, behaviour: SignInBehaviour) {
    self.name = name
    self.behaviour = behaviour
  }

  var performCount: Int { lock.withCriticalSection { performs } }
  var cancelCount: Int { lock.withCriticalSection { cancels } }

  func performRequests() {
    lock.withCriticalSection { performs += 1 }
    performed.signal()
    if behaviour != .manual { report() }
  }

  func cancel() {
    lock.withCriticalSection { cancels += 1 }
  }

  /// Reports the credential to the delegate, from a background thread.
  func report() {
    DispatchQueue.global().async { [self] in
      delegate?.signInController(self, didCompleteWith: SignInCredential(user: "bob", identityToken: "signin-\(name)"))
      reported.signal()
    }
  }

  /// A `.reportsTwice` controller reports again (a duplicate delegate call).
  func repeatLastReport() {
    if behaviour == .reportsTwice { report() }
  }
}
