import Foundation
import StreamsAdapters

/// What the app gets after logging in.
struct Token: Sendable, CustomStringConvertible {
  let provider: String
  let value: String
  let user: String

  var description: String { "\(value) (\(user), via \(provider))" }
}

/// The one protocol the app codes against; each SDK gets an adapter.
protocol AuthenticationAdapter: Sendable {
  var name: String { get }
  /// Logs in; called from the UI, so on the main actor.
  @MainActor func login() async throws -> Token
  func logout()
}

/// The callback SDK behind `AuthenticationAdapter`, with `withCallback`.
struct QuickLoginAdapter: AuthenticationAdapter {
  let sdk: QuickLoginSDK
  let timeout: Timeout

  var name: String { "QuickLogin (callback SDK)" }

  @MainActor
  func login() async throws -> Token {
    try await withCallback(timeout: timeout) { (callback: Callback<Token>) in
      // `start` runs here, on the main actor. The handler handed to the SDK is a pre-built
      // @Sendable, nonisolated closure: the SDK may call it on any thread, any number of times.
      let request = sdk.logIn(
        permissions: ["public_profile"],
        completion: callback.map { (result: QuickLoginResult) in
          Token(provider: "QuickLogin", value: result.accessToken, user: result.userID)
        }.optionalPair)
      return Cancellation(weak: request) { $0.cancel() }
    }
  }

  func logout() {
    sdk.logOut()
  }
}

/// The delegate SDK behind `AuthenticationAdapter`, with `PendingRequest`.
final class SignInAdapter: AuthenticationAdapter, SignInControllerDelegate, Sendable {
  /// Two taps on "Sign in" share one request (`join`).
  let pending = PendingRequest<Token>(overlap: .join, label: "SignInAdapter")
  private let makeController: @Sendable () -> SignInController
  private let timeout: Timeout

  init(timeout: Timeout, makeController: @escaping @Sendable () -> SignInController) {
    self.timeout = timeout
    self.makeController = makeController
  }

  var name: String { "SignIn (delegate SDK)" }

  @MainActor
  func login() async throws -> Token {
    let controller = makeController()
    controller.delegate = self
    // Only this controller's report resolves this request (a stale report from an earlier
    // controller is ignored), and the controller is kept alive while we wait.
    return try await pending.run(
      correlatedWith: controller, timeout: timeout, cancel: Cancellation(weak: controller) { $0.cancel() }
    ) {
      controller.performRequests()
    }
  }

  func logout() {}

  // Delegate methods are nonisolated: the SDK calls them on its own threads.
  nonisolated func signInController(_ controller: SignInController, didCompleteWith credential: SignInCredential) {
    pending.resume(
      from: controller,
      returning: Token(provider: "SignIn", value: credential.identityToken, user: credential.user))
  }

  nonisolated func signInController(_ controller: SignInController, didFailWith error: Error) {
    pending.resume(from: controller, throwing: error)
  }
}
