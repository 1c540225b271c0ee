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
  /// Nonisolated and `Sendable` under every SDK: create it anywhere and call it from any task;
  /// ``authorize(url:redirectURI:)`` presents the sheet on the main actor. (From the iOS 18 and
  /// macOS 15 SDKs on, `ASWebAuthenticationPresentationContextProviding` is main-actor isolated, so
  /// the type conforming to it would silently become main-actor isolated there and not under older
  /// SDKs: a main-actor object of its own conforms instead, for the length of one sheet.)
  ///
  /// Only compiled where AuthenticationServices exists (iOS, macOS, visionOS). This repository
  /// type-checks it against the iOS 18.6 and 26.2, macOS 15.5 and Mac Catalyst SDKs
  /// (`scripts/check-apple-platforms`) but has never run it: exercise your app's sign-in on a
  /// device before relying on it.
  // Unchecked: both stored properties are `let`s, and the anchor (a window, main-actor isolated
  // under the newer SDKs and not `Sendable` under the older ones) is only used by `present`,
  // which runs on the main actor.
  @available(iOS 13.0, macOS 10.15, *)
  public final class WebAuthenticationSessionUserAgent: AuthorizationUserAgent, @unchecked Sendable {
    /// The window the sheet is presented over (`nil`: a new window, which the system replaces
    /// with the key window of the app).
    private let anchor: ASPresentationAnchor?
    /// Whether the sheet keeps no cookies from Safari (no "signed in already").
    public let prefersEphemeralWebBrowserSession: Bool

    /// Creates a user agent; callable from any isolation.
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
      let context = PresentationContext(anchor: anchor)
      let callback: URL = try await withCheckedThrowingContinuation { continuation in
        let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { callback, error in
          if let callback {
            continuation.resume(returning: callback)
          } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
            continuation.resume(throwing: AuthorizationError.cancelled)
          } else {
            continuation.resume(throwing: error ?? AuthorizationError.missingCode)
          }
        }
        session.presentationContextProvider = context
        session.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        if !session.start() {
          continuation.resume(throwing: AuthorizationError.userAgentFailed("the sheet did not start"))
        }
      }
      // The session holds its provider weakly: keep it until the sheet is done.
      withExtendedLifetime(context) {}
      return callback
    }
  }

  /// The window a sheet is presented over, for one sheet: main-actor isolated under every SDK.
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor
  private final class PresentationContext: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let anchor: ASPresentationAnchor?

    init(anchor: ASPresentationAnchor?) {
      self.anchor = anchor
    }

    // Nonisolated, as the protocol's requirement is under the SDKs before iOS 18 and macOS 15;
    // the session calls it on the main thread, which `assumeIsolated` checks.
    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
      MainActor.assumeIsolated { anchor ?? ASPresentationAnchor() }
    }
  }
#endif
