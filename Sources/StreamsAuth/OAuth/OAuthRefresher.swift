import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The OAuth 2.0 refresh grant (RFC 6749 §6) over a ``Transport``.
///
/// - Sends `POST` to the token endpoint with a form-urlencoded body
///   `grant_type=refresh_token&refresh_token=…`, authenticating the client with its id in the body
///   (a public client) or HTTP Basic (a confidential one).
/// - Goes straight to the transport: the refresh request never passes through an
///   ``AuthInterceptor`` (which would wait for the very refresh it is part of).
/// - Keeps the old refresh token when the response carries none (§6; servers that do not rotate
///   may omit it), keeps the scope and user when the response does not restate them, and turns
///   `expires_in` into an absolute ``Credential/expiresAt`` when the response arrives, stamping
///   ``Credential/issuedAt`` with the same instant. Without `expires_in`, a JWT access token's own
///   `exp` claim gives the expiry (decoded, not verified: it only schedules the proactive refresh;
///   `exp − iat` counted from the arrival when the token states `iat`); an opaque or unreadable
///   token leaves the expiry unknown.
/// - Sends the request once. It sends it a second time only when the first surely never reached
///   the server (offline, unknown host, connection refused); after a timeout or a dropped
///   connection the server may already have rotated the token, so the failure is reported instead.
/// - Malformed replies (not JSON, missing or mistyped fields) become
///   ``AuthError/malformedTokenResponse(_:)`` naming what was wrong; `invalid_grant` becomes
///   ``AuthError/refreshRejected(_:)``.
public struct OAuthRefresher: CredentialRefresher {
  /// Where the token endpoint is and who the client is.
  public let configuration: OAuthClientConfiguration
  /// The transport the refresh request goes out on.
  public let transport: any Transport
  /// The scheduler whose `now` stamps the expiry and the issue time.
  public let scheduler: any SchedulerType

  /// Creates a refresher.
  ///
  /// - Parameters:
  ///   - configuration: Where the token endpoint is and who the client is.
  ///   - transport: The transport the refresh request goes out on.
  ///   - scheduler: Whose `now` stamps the expiry; the wall clock of a background dispatch queue
  ///     by default (``SessionManager`` passes its own scheduler).
  public init(
    configuration: OAuthClientConfiguration, transport: any Transport,
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility)
  ) {
    self.configuration = configuration
    self.transport = transport
    self.scheduler = scheduler
  }

  /// Exchanges `credential.refreshToken` for a new credential.
  public func refresh(_ credential: Credential) async throws(AuthError) -> Credential {
    let request = try makeRequest(for: credential)
    let response = try await send(request)
    return try self.credential(from: response, previous: credential, receivedAt: scheduler.now)
  }

  /// Sends a token-endpoint request once; a second time only when the first surely never reached
  /// the server (offline, unknown host, connection refused).
  func send(_ request: URLRequest) async throws(AuthError) -> HTTPResponse {
    var sendsLeft = 2
    while true {
      sendsLeft -= 1
      do {
        return try await transport.send(request)
      } catch let error as TransportError {
        if error.reason == .cancelled || Task.isCancelled { throw .cancelled }
        if error.requestSurelyNotSent && sendsLeft > 0 { continue }
        throw .network(error)
      } catch is CancellationError {
        throw .cancelled
      } catch let error as AuthError {
        throw error
      } catch {
        if Task.isCancelled { throw .cancelled }
        throw .network(TransportError(.other(code: -1), detail: "\(type(of: error))"))
      }
    }
  }

  /// Exchanges an authorization code for a credential (RFC 6749 §4.1.3, with the PKCE verifier
  /// of RFC 7636 §4.5): `grant_type=authorization_code`, `code`, `redirect_uri`,
  /// `code_verifier`, the client authenticated as for a refresh.
  ///
  /// - Parameters:
  ///   - code: The code from ``AuthorizationRequest/code(from:)``.
  ///   - request: The authorization request it answers (its redirect URI and verifier).
  /// - Throws: ``AuthError/authorization(_:)`` with ``AuthorizationError/codeRejected(_:)`` for
  ///   `invalid_grant` (a reused or expired code, a verifier that does not match); otherwise as
  ///   ``refresh(_:)``.
  public func exchangeCode(_ code: String, for request: AuthorizationRequest) async throws(AuthError) -> Credential {
    let fields = [
      ("grant_type", "authorization_code"), ("code", code),
      ("redirect_uri", request.configuration.redirectURI.absoluteString), ("code_verifier", request.pkce.verifier),
    ]
    let response = try await send(clientRequest(to: configuration.tokenEndpoint, fields: fields))
    if !response.isSuccess, let error = Self.oauthError(in: response), error.code == "invalid_grant" {
      throw .authorization(.codeRejected(error))
    }
    return try credential(from: response, previous: Self.blank, receivedAt: scheduler.now)
  }

  /// The "previous" credential of a grant that starts a session: nothing to keep.
  static let blank = Credential(accessToken: "", refreshToken: nil, expiresAt: nil)

  /// The refresh request for `credential`.
  ///
  /// - Throws: ``AuthError/noRefreshToken`` when the credential has none.
  func makeRequest(for credential: Credential) throws(AuthError) -> URLRequest {
    guard let refreshToken = credential.refreshToken, !refreshToken.isEmpty else { throw .noRefreshToken }
    let extra = configuration.additionalParameters.keys.sorted().map {
      ($0, configuration.additionalParameters[$0] ?? "")
    }
    return clientRequest(
      to: configuration.tokenEndpoint, fields: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
      extra: extra)
  }

  /// A form `POST` of `fields` to `url`, the client authenticated as at the token endpoint, then `extra`.
  func clientRequest(to url: URL, fields: [(String, String)], extra: [(String, String)] = []) -> URLRequest {
    var fields = fields
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let useBasic: Bool
    switch configuration.clientAuthentication {
    case .automatic: useBasic = configuration.clientSecret != nil
    case .httpBasic: useBasic = true
    case .requestBody: useBasic = false
    }
    if useBasic {
      // RFC 6749 §2.3.1: the id and secret are form-encoded before Basic encoding.
      let pair = "\(Self.formEscape(configuration.clientID)):\(Self.formEscape(configuration.clientSecret ?? ""))"
      request.setValue("Basic \(Data(pair.utf8).base64EncodedString())", forHTTPHeaderField: "Authorization")
    } else {
      fields.append(("client_id", configuration.clientID))
      if let secret = configuration.clientSecret { fields.append(("client_secret", secret)) }
    }
    fields += extra
    request.httpBody = Data(Self.formEncode(fields).utf8)
    return request
  }

  /// The credential a token-endpoint `response` describes, or the typed error it amounts to.
  ///
  /// - Parameters:
  ///   - response: The token endpoint's answer.
  ///   - previous: The credential that was refreshed; its refresh token, scope and user are kept
  ///     when the response does not replace them.
  ///   - receivedAt: When the response arrived; `expires_in` counts from here.
  func credential(from response: HTTPResponse, previous: Credential, receivedAt: Date) throws(AuthError)
    -> Credential
  {
    guard response.isSuccess else { throw classifyFailure(response) }
    let object: [String: JSONValue]
    switch Self.parseJSON(response.body) {
    case .none:
      throw .malformedTokenResponse(
        .notJSON(contentType: response.value(forHeader: "Content-Type"), byteCount: response.body.count))
    case .some(.object(let fields)):
      object = fields
    case .some:
      throw .malformedTokenResponse(.notAnObject)
    }
    guard let accessValue = object["access_token"], accessValue != .null else {
      throw .malformedTokenResponse(.missingField("access_token"))
    }
    guard let accessToken = accessValue.string, !accessToken.isEmpty else {
      throw .malformedTokenResponse(.invalidField("access_token", expected: "a non-empty string"))
    }
    guard let typeValue = object["token_type"], typeValue != .null else {
      throw .malformedTokenResponse(.missingField("token_type"))
    }
    guard let tokenType = typeValue.string else {
      throw .malformedTokenResponse(.invalidField("token_type", expected: "a string"))
    }
    guard tokenType.lowercased() == "bearer" else { throw .malformedTokenResponse(.unsupportedTokenType(tokenType)) }
    var expiresAt: Date?
    switch object["expires_in"] {
    case .none, .some(.null):
      expiresAt = JWTExpiry.expiresAt(of: accessToken, receivedAt: receivedAt)
    case .some(.number(let seconds)) where seconds >= 0 && seconds.isFinite:
      expiresAt = receivedAt.addingTimeInterval(seconds)
    case .some(.string(let text)):
      guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
        throw .malformedTokenResponse(.invalidField("expires_in", expected: "a non-negative number of seconds"))
      }
      expiresAt = receivedAt.addingTimeInterval(seconds)
    case .some:
      throw .malformedTokenResponse(.invalidField("expires_in", expected: "a non-negative number of seconds"))
    }
    var refreshToken = previous.refreshToken
    switch object["refresh_token"] {
    case .none, .some(.null): break
    case .some(.string(let token)) where !token.isEmpty: refreshToken = token
    case .some: throw .malformedTokenResponse(.invalidField("refresh_token", expected: "a non-empty string"))
    }
    var scope = previous.scope
    switch object["scope"] {
    case .none, .some(.null): break
    case .some(.string(let value)): scope = value
    case .some: throw .malformedTokenResponse(.invalidField("scope", expected: "a string"))
    }
    return Credential(
      accessToken: accessToken, refreshToken: refreshToken, tokenType: "Bearer", expiresAt: expiresAt, scope: scope,
      userID: previous.userID, issuedAt: receivedAt)
  }

  private func classifyFailure(_ response: HTTPResponse) -> AuthError {
    let oauthError = Self.oauthError(in: response)
    if let oauthError, configuration.fatalErrorCodes.contains(oauthError.code) {
      return .refreshRejected(oauthError)
    }
    return .tokenEndpoint(statusCode: response.statusCode, error: oauthError)
  }

  /// The RFC 6749 §5.2 error object of a failed response, if its body is one.
  static func oauthError(in response: HTTPResponse) -> OAuthErrorResponse? {
    guard case .some(.object(let fields)) = parseJSON(response.body), let code = fields["error"]?.string else {
      return nil
    }
    return OAuthErrorResponse(
      code: code, errorDescription: fields["error_description"]?.string, errorURI: fields["error_uri"]?.string)
  }

  static func parseJSON(_ data: Data) -> JSONValue? {
    guard !data.isEmpty else { return nil }
    return try? JSONDecoder().decode(JSONValue.self, from: data)
  }

  /// `application/x-www-form-urlencoded` encoding of `fields`.
  static func formEncode(_ fields: [(String, String)]) -> String {
    fields.map { "\(formEscape($0.0))=\(formEscape($0.1))" }.joined(separator: "&")
  }

  /// Percent-encodes everything but ASCII letters, digits and `-._~`.
  static func formEscape(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }
}
