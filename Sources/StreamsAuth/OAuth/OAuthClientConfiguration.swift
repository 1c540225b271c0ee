import Foundation

/// How StreamsAuth talks to an OAuth 2.0 token endpoint: where it is and who the client is.
///
/// ```swift
/// let oauth = OAuthClientConfiguration(
///   tokenEndpoint: URL(string: "https://auth.example.com/o/token/")!,
///   clientID: "ios-app")                 // a public client: client_id in the body
/// ```
/// Its description, debug description and mirror (`dump`) never show the client secret.
public struct OAuthClientConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// How the client authenticates to the token endpoint (RFC 6749 §2.3).
  public enum ClientAuthentication: Sendable, Hashable {
    /// HTTP Basic when there is a client secret, otherwise `client_id` in the body.
    case automatic
    /// `client_id` (and `client_secret`, if any) in the form body.
    case requestBody
    /// `Authorization: Basic` with the form-encoded client id and secret.
    case httpBasic
  }

  /// The token endpoint, such as `https://auth.example.com/o/token/`.
  public var tokenEndpoint: URL
  /// The client identifier.
  public var clientID: String
  /// The client secret of a confidential client, or `nil` for a public client (a mobile app).
  public var clientSecret: String?
  /// How the client authenticates.
  public var clientAuthentication: ClientAuthentication
  /// Extra form parameters sent with every refresh (a `resource` or `audience`, say).
  public var additionalParameters: [String: String]
  /// The OAuth error codes that mean the refresh token is dead, so the session ends:
  /// `invalid_grant` by default (expired, revoked, reused, or issued to another client). Add
  /// vendor codes such as `refresh_token_already_used` if your server sends them.
  public var fatalErrorCodes: Set<String>

  /// The revocation endpoint (RFC 7009), such as `https://auth.example.com/o/revoke_token/`, or
  /// `nil` when the server has none: ``SessionManager/signOut()`` then only forgets the tokens on
  /// the device. The client authenticates there as at the token endpoint.
  public var revocationEndpoint: URL?
  /// Whether sign-out also revokes the access token (`token_type_hint=access_token`), after the
  /// refresh token. Off by default: RFC 7009 §2.1 lets a server revoke a grant's access tokens
  /// with its refresh token, and a server that cannot revoke access tokens answers
  /// `unsupported_token_type`, which is not a failure. A credential without a refresh token
  /// always has its access token revoked.
  public var revokesAccessToken: Bool

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - tokenEndpoint: The token endpoint URL.
  ///   - clientID: The client identifier.
  ///   - clientSecret: The secret of a confidential client; `nil` for a public client.
  ///   - clientAuthentication: How to send the client's identity; ``ClientAuthentication/automatic``.
  ///   - additionalParameters: Extra form parameters for every refresh.
  ///   - fatalErrorCodes: OAuth error codes that end the session; `["invalid_grant"]`.
  ///   - revocationEndpoint: The RFC 7009 revocation endpoint that sign-out posts to; `nil` for none.
  ///   - revokesAccessToken: Whether sign-out revokes the access token too; `false`.
  public init(
    tokenEndpoint: URL, clientID: String, clientSecret: String? = nil,
    clientAuthentication: ClientAuthentication = .automatic, additionalParameters: [String: String] = [:],
    fatalErrorCodes: Set<String> = ["invalid_grant"], revocationEndpoint: URL? = nil, revokesAccessToken: Bool = false
  ) {
    self.revocationEndpoint = revocationEndpoint
    self.revokesAccessToken = revokesAccessToken
    self.tokenEndpoint = tokenEndpoint
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.clientAuthentication = clientAuthentication
    self.additionalParameters = additionalParameters
    self.fatalErrorCodes = fatalErrorCodes
  }

  /// The endpoint and client id; the secret is redacted.
  public var description: String {
    "OAuthClientConfiguration(tokenEndpoint: \(HTTPResponse.redactedURL(tokenEndpoint)), clientID: \(clientID), "
      + "clientSecret: \(clientSecret == nil ? "none" : "<redacted>"))"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror with the client secret redacted.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "tokenEndpoint": HTTPResponse.redactedURL(tokenEndpoint), "clientID": clientID,
        "clientSecret": clientSecret == nil ? "none" : "<redacted>", "clientAuthentication": clientAuthentication,
        "additionalParameters": additionalParameters.mapValues { _ in "<redacted>" },
        "fatalErrorCodes": fatalErrorCodes,
        "revocationEndpoint": revocationEndpoint.map(HTTPResponse.redactedURL) as Any,
        "revokesAccessToken": revokesAccessToken,
      ], displayStyle: .struct)
  }
}
