import Foundation

/// What an authorization-code sign-in asks for (RFC 6749 §4.1 with PKCE, RFC 8252 for native
/// apps): the authorization endpoint, where the browser comes back to, and the scopes.
///
/// ```swift
/// let authorization = AuthorizationConfiguration(
///   authorizationEndpoint: URL(string: "https://auth.example.com/o/authorize/")!,
///   redirectURI: URL(string: "com.example.app:/oauth/callback")!,
///   scopes: ["read", "write"])
/// try await session.signIn(authorization: authorization, userAgent: browser)
/// ```
/// The client id and token endpoint come from the session's ``OAuthClientConfiguration``.
public struct AuthorizationConfiguration: Sendable, Hashable {
  /// The authorization endpoint, such as `https://auth.example.com/o/authorize/`.
  public var authorizationEndpoint: URL
  /// The redirect URI registered for the client: a private-use scheme
  /// (`com.example.app:/oauth/callback`) or a loopback URL (RFC 8252 §7).
  public var redirectURI: URL
  /// The scopes to ask for; none sends no `scope` parameter (the server's default).
  public var scopes: [String]
  /// Extra query parameters of the authorization URL (`prompt`, `login_hint`, `audience`, …).
  /// They cannot replace the parameters StreamsAuth sets.
  public var additionalParameters: [String: String]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - authorizationEndpoint: The authorization endpoint.
  ///   - redirectURI: The registered redirect URI.
  ///   - scopes: The scopes to ask for.
  ///   - additionalParameters: Extra query parameters of the authorization URL.
  public init(
    authorizationEndpoint: URL, redirectURI: URL, scopes: [String] = [], additionalParameters: [String: String] = [:]
  ) {
    self.authorizationEndpoint = authorizationEndpoint
    self.redirectURI = redirectURI
    self.scopes = scopes
    self.additionalParameters = additionalParameters
  }
}

/// One authorization request: its URL, with a fresh `state` and PKCE challenge, and the parsing
/// of the redirect that answers it.
///
/// ``SessionManager/signIn(authorization:userAgent:userID:)`` makes one per sign-in; make one yourself
/// to drive the steps by hand (``code(from:)``, then
/// ``OAuthRefresher/exchangeCode(_:for:)``). Its description and mirror show neither the
/// `state` nor the verifier.
public struct AuthorizationRequest: Sendable, CustomStringConvertible, CustomReflectable {
  /// What was asked for.
  public let configuration: AuthorizationConfiguration
  /// The client id sent as `client_id`.
  public let clientID: String
  /// The `state` value (RFC 6749 §10.12): 32 random bytes, base64url; the redirect must return it.
  public let state: String
  /// The PKCE verifier and challenge; the verifier goes only to the token endpoint.
  public let pkce: PKCE
  /// The URL to present: the endpoint with `response_type=code`, `client_id`, `redirect_uri`,
  /// `scope`, `state`, `code_challenge`, `code_challenge_method=S256`, then the extra parameters.
  public let url: URL

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - configuration: The endpoint, redirect URI, scopes and extra parameters.
  ///   - clientID: The client id.
  ///   - state: The `state` to send; a fresh random one by default.
  ///   - pkce: The verifier and challenge; a fresh random one by default.
  /// - Throws: ``AuthError/invalidConfiguration(_:)`` when the endpoint cannot carry a query.
  public init(
    configuration: AuthorizationConfiguration, clientID: String, state: String? = nil, pkce: PKCE = PKCE()
  ) throws(AuthError) {
    self.configuration = configuration
    self.clientID = clientID
    self.pkce = pkce
    var generator = SystemRandomNumberGenerator()
    let state = state ?? PKCE.base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    self.state = state
    guard var components = URLComponents(url: configuration.authorizationEndpoint, resolvingAgainstBaseURL: false)
    else {
      throw .invalidConfiguration(
        "the authorization endpoint \(configuration.authorizationEndpoint) is not a valid URL")
    }
    var items: [(String, String)] = [
      ("response_type", "code"), ("client_id", clientID), ("redirect_uri", configuration.redirectURI.absoluteString),
    ]
    if !configuration.scopes.isEmpty { items.append(("scope", configuration.scopes.joined(separator: " "))) }
    items += [("state", state), ("code_challenge", pkce.challenge), ("code_challenge_method", pkce.method)]
    let reserved = Set(items.map(\.0))
    items += configuration.additionalParameters.keys.sorted().filter { !reserved.contains($0) }.map {
      ($0, configuration.additionalParameters[$0] ?? "")
    }
    // Percent-encode strictly (RFC 3986 unreserved only): `+` in a query means a space to many servers.
    let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
    components.percentEncodedQuery = existing + OAuthRefresher.formEncode(items)
    guard let url = components.url else {
      throw .invalidConfiguration(
        "the authorization endpoint \(configuration.authorizationEndpoint) is not a valid URL")
    }
    self.url = url
  }

  /// The authorization code in `redirect`, the URL the browser was sent back to.
  ///
  /// - Throws: ``AuthError/authorization(_:)``: ``AuthorizationError/redirectMismatch`` when it
  ///   is not under the redirect URI, ``AuthorizationError/stateMismatch`` when its `state` is
  ///   missing or differs (checked before anything else in it is believed),
  ///   ``AuthorizationError/denied(_:)`` for an `error` redirect, and
  ///   ``AuthorizationError/missingCode`` when it has neither.
  public func code(from redirect: URL) throws(AuthError) -> String {
    let expected = configuration.redirectURI
    guard redirect.scheme?.lowercased() == expected.scheme?.lowercased(),
      redirect.host?.lowercased() == expected.host?.lowercased(), redirect.port == expected.port,
      redirect.path == expected.path,
      let components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)
    else { throw .authorization(.redirectMismatch) }
    // The parameters come in the query (RFC 6749 §4.1.2); a fragment is read too for servers
    // that answer with response_mode=fragment.
    var parameters: [String: String] = [:]
    var fragment = URLComponents()
    fragment.percentEncodedQuery = components.percentEncodedFragment
    for item in (fragment.queryItems ?? []) + (components.queryItems ?? []) {
      parameters[item.name] = item.value ?? ""
    }
    guard parameters["state"] == state else { throw .authorization(.stateMismatch) }
    if let error = parameters["error"], !error.isEmpty {
      throw .authorization(
        .denied(
          OAuthErrorResponse(
            code: error, errorDescription: parameters["error_description"], errorURI: parameters["error_uri"])))
    }
    guard let code = parameters["code"], !code.isEmpty else { throw .authorization(.missingCode) }
    return code
  }

  /// The endpoint, client, redirect URI and scopes; never the state or verifier.
  public var description: String {
    "AuthorizationRequest(endpoint: \(configuration.authorizationEndpoint), clientID: \(clientID), "
      + "redirectURI: \(configuration.redirectURI), scopes: \(configuration.scopes), state: <redacted>, \(pkce))"
  }

  /// A mirror without the state, the verifier or the URL (which carries the state).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "configuration": configuration, "clientID": clientID, "state": "<redacted>", "pkce": pkce,
      ], displayStyle: .struct)
  }
}
