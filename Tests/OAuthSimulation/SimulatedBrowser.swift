import Foundation
import StreamsAuth

/// A browser for ``OAuthServerSimulation``'s authorization endpoint: the user logs in as
/// ``userID`` and the server redirects back; or the user cancels, or a forged redirect arrives.
public struct SimulatedBrowser: AuthorizationUserAgent {
  /// What the user does in the browser.
  public enum Behaviour: Sendable, Hashable {
    /// Logs in; the browser returns the server's redirect.
    case logIn
    /// Closes the sheet.
    case cancel
    /// Returns the server's redirect with another `state` (a stale or forged redirect).
    case replaceState(String)
  }

  /// The server whose authorization endpoint is presented.
  public let server: OAuthServerSimulation
  /// The user who logs in.
  public let userID: String
  /// What the user does.
  public let behaviour: Behaviour

  /// Creates a browser.
  public init(server: OAuthServerSimulation, userID: String = "user-1", behaviour: Behaviour = .logIn) {
    self.server = server
    self.userID = userID
    self.behaviour = behaviour
  }

  /// The server's redirect for `url`, as ``behaviour`` says.
  public func authorize(url: URL, redirectURI: URL) async throws -> URL {
    let redirect = server.authorize(url, userID: userID)
    switch behaviour {
    case .logIn:
      return redirect
    case .cancel:
      throw AuthorizationError.cancelled
    case .replaceState(let state):
      var components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)
      let items = (components?.queryItems ?? []).map {
        $0.name == "state" ? URLQueryItem(name: "state", value: state) : $0
      }
      components?.queryItems = items
      return components?.url ?? redirect
    }
  }
}
