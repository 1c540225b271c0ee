import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One test's corner of the OAuth test server: a user, a public client, a confidential
/// client, and the knobs and counters that belong to them. Requests count for the tenant
/// whose client id (`/o/token/`) or access token (the resource) they carry.
struct OAuthTestTenant: Sendable {
  struct Info: Decodable, Sendable {
    var name: String
    var username: String
    var password: String
    var userID: Int
    var publicClientID: String
    var confidentialClientID: String
    var confidentialClientSecret: String
    /// The authorization-code client (public, PKCE required, no consent screen).
    var codeClientID: String?
    /// Its registered redirect URI, `com.example.messenger:/oauth/callback`.
    var redirectURI: String?

    enum CodingKeys: String, CodingKey {
      case name, username, password
      case userID = "user_id"
      case publicClientID = "public_client_id"
      case confidentialClientID = "confidential_client_id"
      case confidentialClientSecret = "confidential_client_secret"
      case codeClientID = "code_client_id"
      case redirectURI = "redirect_uri"
    }
  }

  /// Which OAuth client a token request authenticates as.
  enum Client: String, Sendable {
    /// `client_id` in the form body, no secret (RFC 6749 §2.3, public client).
    case `public`
    /// HTTP Basic with the client id and secret (RFC 6749 §2.3.1).
    case confidential
  }

  /// How ``dropNextTokenResponses(_:mode:)`` loses a response after the server committed it.
  enum DropMode: String, Sendable {
    /// The connection closes without a response (FIN; curl says "empty reply").
    case close
    /// The connection is reset (RST).
    case reset
    /// `500 {"error": "server_error"}`.
    case status500 = "500"
  }

  enum ResourceMode: String, Sendable {
    case normal
    /// Every request to the resource with one of this tenant's tokens gets 401 invalid_token.
    case always401
    /// An expired or unknown token gets a bare 401, without `WWW-Authenticate`.
    case bare401
  }

  let info: Info
  let baseURL: URL
  let control: OAuthControlClient

  init(info: Info, baseURL: URL) {
    self.info = info
    self.baseURL = baseURL
    self.control = OAuthControlClient(baseURL: baseURL)
  }

  init(info: Info, server: OAuthTestServer) {
    self.init(info: info, baseURL: server.baseURL)
  }

  var name: String { info.name }
  var username: String { info.username }
  var password: String { info.password }
  var userID: Int { info.userID }
  var publicClientID: String { info.publicClientID }
  var confidentialClientID: String { info.confidentialClientID }
  var confidentialClientSecret: String { info.confidentialClientSecret }

  var tokenURL: URL { baseURL.appendingPathComponent("o/token/") }
  var resourceURL: URL { baseURL.appendingPathComponent("api/me") }

  // MARK: Test controls

  /// A fresh token pair (a new token family) for this tenant's user, minted directly in
  /// the database, so it is not counted as a `/o/token/` call. `accessTokenLifetime` may
  /// be zero or negative: the access token is then already expired.
  func issueTokens(
    accessTokenLifetime: Int = 60, client: Client = .public, scope: String = "read write"
  ) async throws -> OAuthTokenPair {
    try await control.post(
      "test/issue-tokens",
      ["tenant": name, "client": client.rawValue, "access_token_lifetime": accessTokenLifetime, "scope": scope])
  }

  func counters() async throws -> OAuthServerCounters {
    try await control.get("test/counters", query: ["tenant": name])
  }

  /// The knobs in force for this tenant.
  func knobs() async throws -> OAuthTenantKnobs {
    struct Reply: Decodable { var knobs: OAuthTenantKnobs }
    let reply: Reply = try await control.get("test/counters", query: ["tenant": name])
    return reply.knobs
  }

  /// Zeroes this tenant's counters and puts its knobs back (no latency, no drops, normal resource).
  func reset() async throws {
    let _: OAuthControlClient.Ignored = try await control.post("test/reset", ["tenant": name])
  }

  /// Delays this tenant's `/o/token/` calls: `before` DOT handles the request, `after` it
  /// committed (the response is held back).
  func setTokenLatency(before: Duration = .zero, after: Duration = .zero) async throws {
    let _: OAuthControlClient.Ignored = try await control.post(
      "test/token-latency",
      ["tenant": name, "before_ms": Self.milliseconds(before), "after_ms": Self.milliseconds(after)])
  }

  /// The next `count` `/o/token/` calls of this tenant are handled by DOT in full (a
  /// rotation is committed) and then the client gets no usable response.
  func dropNextTokenResponses(_ count: Int = 1, mode: DropMode = .close) async throws {
    let _: OAuthControlClient.Ignored = try await control.post(
      "test/drop-token-responses", ["tenant": name, "count": count, "mode": mode.rawValue])
  }

  func setResourceMode(_ mode: ResourceMode) async throws {
    let _: OAuthControlClient.Ignored = try await control.post(
      "test/resource-mode", ["tenant": name, "mode": mode.rawValue])
  }

  /// Whether this tenant's refreshes rotate the refresh token, and whether the refresh response
  /// leaves `refresh_token` out.
  func setRefreshTokenPolicy(rotate: Bool, omitFromResponse: Bool = false) async throws {
    let _: OAuthControlClient.Ignored = try await control.post(
      "test/refresh-token-policy", ["tenant": name, "rotate": rotate, "omit_from_response": omitFromResponse])
  }

  /// Revokes every token of `refreshToken`'s family (what reuse protection does), as an
  /// attacker's replay would. Returns how many live refresh tokens it revoked.
  @discardableResult
  func revokeFamily(of refreshToken: String) async throws -> Int {
    struct Reply: Decodable {
      var revokedRefreshTokens: Int
      enum CodingKeys: String, CodingKey { case revokedRefreshTokens = "revoked_refresh_tokens" }
    }
    let reply: Reply = try await control.post("test/revoke-family", ["refresh_token": refreshToken])
    return reply.revokedRefreshTokens
  }

  /// Makes an access token expired now (the server answers 401 for it from then on).
  func expireAccessToken(_ accessToken: String) async throws {
    let _: OAuthControlClient.Ignored = try await control.post(
      "test/expire-access-token", ["access_token": accessToken])
  }

  /// What the server holds for a refresh token, without spending it.
  func refreshTokenInfo(_ refreshToken: String) async throws -> OAuthRefreshTokenInfo {
    struct Reply: Decodable {
      var refreshToken: OAuthRefreshTokenInfo
      enum CodingKeys: String, CodingKey { case refreshToken = "refresh_token" }
    }
    let reply: Reply = try await control.post("test/token-info", ["refresh_token": refreshToken])
    return reply.refreshToken
  }

  /// Whether the server still knows an access token and whether it has expired.
  func accessTokenInfo(_ accessToken: String) async throws -> OAuthAccessTokenInfo {
    struct Reply: Decodable {
      var accessToken: OAuthAccessTokenInfo
      enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
    }
    let reply: Reply = try await control.post("test/token-info", ["access_token": accessToken])
    return reply.accessToken
  }

  // MARK: Plain OAuth calls, as any client makes them

  /// `POST /o/token/` with `grant_type=refresh_token` (RFC 6749 §6).
  func refresh(
    _ refreshToken: String, client: Client = .public, session: URLSession? = nil
  ) async throws -> OAuthTokenEndpointReply {
    try await tokenRequest(
      ["grant_type": "refresh_token", "refresh_token": refreshToken], client: client, session: session)
  }

  /// `POST /o/token/` with `grant_type=password` for this tenant's user: a real sign-in.
  func signIn(client: Client = .public, session: URLSession? = nil) async throws -> OAuthTokenEndpointReply {
    try await tokenRequest(
      ["grant_type": "password", "username": username, "password": password], client: client, session: session)
  }

  /// A form-encoded token request authenticated as `client`.
  func tokenRequest(
    _ parameters: [String: String], client: Client = .public, session: URLSession? = nil
  ) async throws -> OAuthTokenEndpointReply {
    var form = parameters
    var request = URLRequest(url: tokenURL, timeoutInterval: 60)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    switch client {
    case .public:
      form["client_id"] = publicClientID
    case .confidential:
      let credentials =
        OAuthForm.encodeComponent(confidentialClientID) + ":"
        + OAuthForm.encodeComponent(confidentialClientSecret)
      request.setValue("Basic " + Data(credentials.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
    }
    request.httpBody = Data(OAuthForm.encode(form).utf8)
    let (data, response) = try await (session ?? control.session).data(for: request)
    return OAuthTokenEndpointReply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
  }

  /// `GET /api/me`, with `Authorization: Bearer accessToken` when given. `delay` makes the
  /// server wait before it checks the token; `gather` makes it hold the request until that
  /// many gathering requests of this tenant have arrived (503 if they do not within 45 s).
  func callResource(
    accessToken: String?, delay: Duration? = nil, gather: Int? = nil, session: URLSession? = nil
  ) async throws -> OAuthResourceReply {
    var url = resourceURL
    var query: [URLQueryItem] = []
    if let delay { query.append(URLQueryItem(name: "delay_ms", value: String(Self.milliseconds(delay)))) }
    if let gather { query.append(URLQueryItem(name: "gather", value: String(gather))) }
    if !query.isEmpty {
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
      components.queryItems = query
      url = components.url!
    }
    var request = URLRequest(url: url, timeoutInterval: 60)
    if let accessToken { request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization") }
    let (data, response) = try await (session ?? control.session).data(for: request)
    let http = response as? HTTPURLResponse
    return OAuthResourceReply(
      status: http?.statusCode ?? 0, wwwAuthenticate: http?.value(forHTTPHeaderField: "WWW-Authenticate"), body: data)
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

// MARK: - Replies

/// A token response (RFC 6749 §5.1), as the server sent it.
struct OAuthTokenPair: Decodable, Sendable, CustomStringConvertible {
  var accessToken: String
  var refreshToken: String
  var tokenType: String
  var expiresIn: Int
  var scope: String?

  enum CodingKeys: String, CodingKey {
    case accessToken = "access_token"
    case refreshToken = "refresh_token"
    case tokenType = "token_type"
    case expiresIn = "expires_in"
    case scope
  }

  /// Tokens shortened, so a failing test's output does not carry them whole.
  var description: String {
    "OAuthTokenPair(access: \(accessToken.prefix(4))…, refresh: \(refreshToken.prefix(4))…, expires_in: \(expiresIn))"
  }
}

/// What `/o/token/` answered: the status, the pair on success, `error` on failure (RFC 6749 §5.2).
struct OAuthTokenEndpointReply: Sendable, CustomStringConvertible {
  var status: Int
  var body: Data

  var pair: OAuthTokenPair? {
    status == 200 ? try? JSONDecoder().decode(OAuthTokenPair.self, from: body) : nil
  }

  var error: String? { json?["error"] as? String }
  var errorDescription: String? { json?["error_description"] as? String }

  private var json: [String: Any]? {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
  }

  var description: String {
    if let pair { return "200 \(pair)" }
    return "\(status) \(String(decoding: body.prefix(300), as: UTF8.self))"
  }
}

/// What the protected resource answered.
struct OAuthResourceReply: Sendable, CustomStringConvertible {
  var status: Int
  var wwwAuthenticate: String?
  var body: Data

  var userID: Int? { json?["user_id"] as? Int }
  var clientID: String? { json?["client_id"] as? String }

  private var json: [String: Any]? {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
  }

  var description: String {
    "\(status) \(wwwAuthenticate.map { "[\($0)] " } ?? "")\(String(decoding: body.prefix(300), as: UTF8.self))"
  }
}

/// `/test/counters`: see Server/oauthserver/state.py for what each one counts.
struct OAuthServerCounters: Decodable, Sendable, Equatable {
  var tenant: String
  /// Every POST to /o/token/, whatever its outcome.
  var tokenCalls: Int
  /// Those with grant_type=refresh_token.
  var refreshCalls: Int
  /// The previous refresh token accepted again within the grace period.
  var graceReuses: Int
  /// Refresh attempts rejected because the token had been revoked (rotated away or revoked
  /// with its family); DOT revokes the family each time.
  var reuseDetections: Int
  /// Reuse detections that revoked live tokens: sessions killed by reuse protection.
  var familiesRevoked: Int
  var unknownRefreshTokens: Int
  var droppedTokenResponses: Int
  var resourceCalls: Int
  var resource200: Int
  var resource401: Int
  var testFamilyRevocations: Int
  /// HTTP status of /o/token/ responses as DOT produced them ("200", "400").
  var tokenStatuses: [String: Int]
  /// The `error` member of /o/token/ error responses ("invalid_grant").
  var tokenErrors: [String: Int]
  /// Only in ``OAuthTestServer/totalCounters()``: requests inside the WSGI application now,
  /// and the most at once; connections being served now, and the most at once.
  var inFlight: Int?
  var peakInFlight: Int?
  var openConnections: Int?
  var peakConnections: Int?

  enum CodingKeys: String, CodingKey {
    case tenant
    case tokenCalls = "token_calls"
    case refreshCalls = "refresh_calls"
    case graceReuses = "grace_reuses"
    case reuseDetections = "reuse_detections"
    case familiesRevoked = "families_revoked"
    case unknownRefreshTokens = "unknown_refresh_tokens"
    case droppedTokenResponses = "dropped_token_responses"
    case resourceCalls = "resource_calls"
    case resource200 = "resource_200"
    case resource401 = "resource_401"
    case testFamilyRevocations = "test_family_revocations"
    case tokenStatuses = "token_statuses"
    case tokenErrors = "token_errors"
    case inFlight = "in_flight"
    case peakInFlight = "peak_in_flight"
    case openConnections = "open_connections"
    case peakConnections = "peak_connections"
  }
}

/// A tenant's failure-injection settings, as the server holds them.
struct OAuthTenantKnobs: Decodable, Sendable, Equatable {
  var tokenLatencyBeforeMilliseconds: Int
  var tokenLatencyAfterMilliseconds: Int
  /// How many more `/o/token/` responses will be dropped, and how.
  var dropRemaining: Int
  var dropMode: String
  var resourceMode: String

  enum CodingKeys: String, CodingKey {
    case tokenLatencyBeforeMilliseconds = "token_latency_before_ms"
    case tokenLatencyAfterMilliseconds = "token_latency_after_ms"
    case dropRemaining = "drop_remaining"
    case dropMode = "drop_mode"
    case resourceMode = "resource_mode"
  }
}

struct OAuthRefreshTokenInfo: Decodable, Sendable {
  var found: Bool
  var revoked: Bool
  /// Live (unrevoked) refresh tokens left in the token's family: 0 once the family is revoked.
  var familyLiveRefreshTokens: Int
  var familySize: Int

  enum CodingKeys: String, CodingKey {
    case found, revoked
    case familyLiveRefreshTokens = "family_live_refresh_tokens"
    case familySize = "family_size"
  }
}

struct OAuthAccessTokenInfo: Decodable, Sendable {
  var found: Bool
  var expired: Bool
}

// MARK: - HTTP plumbing

/// JSON calls to the /test/... endpoints.
struct OAuthControlClient: Sendable {
  struct Ignored: Decodable {}

  let baseURL: URL
  let session: URLSession

  init(baseURL: URL) {
    self.baseURL = baseURL
    self.session = Self.sharedSession
  }

  /// Many connections per host: the storm tests send hundreds of requests at once.
  static let sharedSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 1024
    configuration.timeoutIntervalForRequest = 60
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }()

  func get<Reply: Decodable>(_ path: String, query: [String: String] = [:]) async throws -> Reply {
    var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
    if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) } }
    return try await send(URLRequest(url: components.url!, timeoutInterval: 30))
  }

  func post<Reply: Decodable>(_ path: String, _ body: [String: any Sendable]) async throws -> Reply {
    var request = URLRequest(url: baseURL.appendingPathComponent(path), timeoutInterval: 30)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: body)
    return try await send(request)
  }

  private func send<Reply: Decodable>(_ request: URLRequest) async throws -> Reply {
    let (data, response) = try await session.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      throw OAuthTestServerError(
        description: "\(request.httpMethod ?? "GET") \(request.url?.path ?? "") answered \(status): "
          + String(decoding: data.prefix(500), as: UTF8.self))
    }
    do {
      return try JSONDecoder().decode(Reply.self, from: data)
    } catch {
      throw OAuthTestServerError(
        description: "unexpected reply to \(request.url?.path ?? ""): \(error); body: "
          + String(decoding: data.prefix(500), as: UTF8.self))
    }
  }
}

/// `application/x-www-form-urlencoded` (the WHATWG URL standard's serializer).
enum OAuthForm {
  private static let unreserved = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

  static func encodeComponent(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved.union(CharacterSet(charactersIn: " ")))!
      .replacingOccurrences(of: " ", with: "+")
  }

  static func encode(_ parameters: [String: String]) -> String {
    parameters.sorted { $0.key < $1.key }
      .map { encodeComponent($0.key) + "=" + encodeComponent($0.value) }
      .joined(separator: "&")
  }
}
