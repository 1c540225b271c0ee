import Foundation

/// The browser of an authorization-code sign-in: the seam the app implements (RFC 8252 §6: an
/// external user agent, never an embedded web view).
///
/// ``SessionManager/signIn(authorization:userAgent:userID:)`` calls it once per sign-in, never under a
/// lock. On Apple platforms `WebAuthenticationSessionUserAgent` implements it with
/// `ASWebAuthenticationSession`; tests implement it with a client that logs in and follows the
/// redirects.
public protocol AuthorizationUserAgent: Sendable {
  /// Presents `url` and returns the URL the server finally redirected to, the one that starts
  /// with `redirectURI`.
  ///
  /// Throw ``AuthorizationError/cancelled`` (or `CancellationError`) when the user closed the
  /// sheet; any other error becomes ``AuthorizationError/userAgentFailed(_:)``.
  func authorize(url: URL, redirectURI: URL) async throws -> URL
}

#if canImport(AuthenticationServices) && (os(iOS) || os(macOS) || os(visionOS))
  import AuthenticationServices

  /// ``AuthorizationUserAgent`` over `ASWebAuthenticationSession`: the system browser sheet,
  /// sharing cookies with Safari unless ``prefersEphemeralWebBrowserSession``.
  ///
  /// Only compiled where AuthenticationServices exists (iOS, macOS, visionOS). It has never been
  /// compiled or run by this repository's CI, which is Linux only: build it and exercise your
  /// app's sign-in on a device before relying on it.
  // Unchecked: both stored properties are `let`s; the anchor (a window) is only touched by
  // `present`, which runs on the main actor. Not compiled on Linux, so no test here checks it.
  @available(iOS 13.0, macOS 10.15, *)
  public final class WebAuthenticationSessionUserAgent: NSObject, AuthorizationUserAgent,
    ASWebAuthenticationPresentationContextProviding, @unchecked Sendable
  {
    /// The window the sheet is presented over (`nil`: the key window the system picks).
    private let anchor: ASPresentationAnchor?
    /// Whether the sheet keeps no cookies from Safari (no "signed in already").
    public let prefersEphemeralWebBrowserSession: Bool

    /// Creates a user agent.
    ///
    /// - Parameters:
    ///   - anchor: The window to present over.
    ///   - prefersEphemeralWebBrowserSession: Share no cookies with Safari.
    public init(anchor: ASPresentationAnchor? = nil, prefersEphemeralWebBrowserSession: Bool = false) {
      self.anchor = anchor
      self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
    }

    /// Presents `url` in an `ASWebAuthenticationSession` whose callback scheme is
    /// `redirectURI`'s scheme; the user closing the sheet throws ``AuthorizationError/cancelled``.
    public func authorize(url: URL, redirectURI: URL) async throws -> URL {
      try await present(url, callbackScheme: redirectURI.scheme)
    }

    /// Starts the sheet on the main actor and waits for its completion handler.
    @MainActor
    private func present(_ url: URL, callbackScheme: String?) async throws -> URL {
      try await withCheckedThrowingContinuation { continuation in
        let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { callback, error in
          if let callback {
            continuation.resume(returning: callback)
          } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
            continuation.resume(throwing: AuthorizationError.cancelled)
          } else {
            continuation.resume(throwing: error ?? AuthorizationError.missingCode)
          }
        }
        session.presentationContextProvider = self
        session.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        if !session.start() {
          continuation.resume(throwing: AuthorizationError.userAgentFailed("the sheet did not start"))
        }
      }
    }

    /// The window the sheet is presented over.
    public func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
      anchor ?? ASPresentationAnchor()
    }
  }
#endif
