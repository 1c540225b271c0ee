import Foundation
import Streams

/// How a dependent session turns the upstream session's credential into its own: RFC 8693 token
/// exchange, or a closure for servers that do it their own way.
///
/// ```swift
/// let exchange = TokenExchange.rfc8693(
///   client: OAuthClientConfiguration(tokenEndpoint: paymentTokenURL, clientID: "payment-app"),
///   audience: "payments")
/// ```
public struct TokenExchange: Sendable {
  /// An exchange, given the transport and scheduler of the session that runs it.
  typealias Perform = @Sendable (_ upstream: Credential) async throws(AuthError) -> Credential
  let make: @Sendable (_ transport: any Transport, _ scheduler: any SchedulerType) -> Perform
  /// The client of the dependent session's own token endpoint, if the exchange has one: the
  /// session's refreshes use it unless given another.
  let client: OAuthClientConfiguration?

  /// The RFC 8693 token type of an OAuth 2.0 access token.
  public static let accessTokenType = "urn:ietf:params:oauth:token-type:access_token"
  /// The RFC 8693 grant type.
  public static let grantType = "urn:ietf:params:oauth:grant-type:token-exchange"

  /// An RFC 8693 token exchange: `POST` to `client.tokenEndpoint` with
  /// `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, `subject_token` (the upstream
  /// access token), `subject_token_type`, and `audience`, `resource`, `scope`,
  /// `requested_token_type` when given; the client authenticates as for a refresh, and
  /// `client.additionalParameters` are sent too.
  ///
  /// The reply is read as a token response (RFC 8693 §2.2.1): a `Bearer` access token, its
  /// expiry, and the dependent session's own refresh token if the server issues one. The new
  /// credential keeps the upstream credential's ``Credential/userID``.
  ///
  /// - Parameters:
  ///   - client: The token server and the dependent client; its refreshes use it too.
  ///   - audience: The `audience` parameter, if any.
  ///   - resource: The `resource` parameter, if any.
  ///   - scope: The `scope` parameter, if any.
  ///   - subjectTokenType: The upstream token's type; an access token by default.
  ///   - requestedTokenType: The `requested_token_type` parameter, if any.
  ///   - rejectionCodes: Error codes that mean the server refused the subject token
  ///     (``AuthError/exchangeRejected(_:)``): `invalid_request` (RFC 8693 §2.2.2) and `invalid_grant`.
  public static func rfc8693(
    client: OAuthClientConfiguration, audience: String? = nil, resource: URL? = nil, scope: String? = nil,
    subjectTokenType: String = accessTokenType, requestedTokenType: String? = nil,
    rejectionCodes: Set<String> = ["invalid_request", "invalid_grant"]
  ) -> TokenExchange {
    TokenExchange(
      make: { transport, scheduler in
        let refresher = OAuthRefresher(configuration: client, transport: transport, scheduler: scheduler)
        return { upstream throws(AuthError) in
          var fields = [
            ("grant_type", grantType), ("subject_token", upstream.accessToken),
            ("subject_token_type", subjectTokenType),
          ]
          if let audience { fields.append(("audience", audience)) }
          if let resource { fields.append(("resource", resource.absoluteString)) }
          if let scope { fields.append(("scope", scope)) }
          if let requestedTokenType { fields.append(("requested_token_type", requestedTokenType)) }
          let extra = client.additionalParameters.keys.sorted().map { ($0, client.additionalParameters[$0] ?? "") }
          let response = try await refresher.send(
            refresher.clientRequest(to: client.tokenEndpoint, fields: fields, extra: extra))
          if !response.isSuccess, let error = OAuthRefresher.oauthError(in: response),
            rejectionCodes.contains(error.code)
          {
            throw .exchangeRejected(error)
          }
          var credential = try refresher.credential(
            from: response, previous: OAuthRefresher.blank, receivedAt: scheduler.now)
          credential.userID = upstream.userID
          return credential
        }
      }, client: client)
  }

  /// An exchange the app performs itself: `exchange` gets the upstream session's valid
  /// credential and returns the dependent session's.
  ///
  /// Throw ``AuthError/exchangeRejected(_:)`` when the server refused the upstream token (the
  /// upstream session is then renewed and the exchange tried once more), ``AuthError/network(_:)``
  /// or ``AuthError/tokenEndpoint(statusCode:error:)`` for failures that keep the session. Called
  /// at most once at a time per session, never under a lock.
  public static func custom(
    _ exchange: @escaping @Sendable (_ upstream: Credential) async throws(AuthError) -> Credential
  ) -> TokenExchange {
    TokenExchange(make: { _, _ in exchange }, client: nil)
  }
}
