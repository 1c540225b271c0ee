import Foundation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An in-process OAuth 2.0 authorization server and protected resource, for demos and tests: a
/// ``Transport`` that answers the refresh grant with rotation and reuse detection, the way
/// django-oauth-toolkit does with `ROTATE_REFRESH_TOKEN` and `REFRESH_TOKEN_REUSE_PROTECTION`.
///
/// - `POST <tokenEndpoint>` with `grant_type=refresh_token`: an active refresh token is rotated
///   (the old refresh token and its access token are revoked; a new pair is issued in the same
///   family). A revoked refresh token presented again within ``Configuration/gracePeriod`` gets
///   the pair it was rotated into; after that it is **reuse**: the whole family is revoked and the
///   answer is `400 invalid_grant`. Unknown or revoked-family tokens get `400 invalid_grant`.
/// - Any other URL on ``Configuration/baseURL`` is a protected resource: `200` for an active,
///   unexpired access token, otherwise `401` with `WWW-Authenticate: Bearer error="invalid_token"`.
/// - Latency (``Configuration/tokenLatency``, ``Configuration/resourceLatency``) is split: half
///   before the server acts, half before the answer arrives, so a response can be lost after
///   the server committed (see ``TokenFault/dropResponseAfterCommit``).
///
/// ```swift
/// let server = OAuthServerSimulation()
/// let credential = server.signIn(userID: "ada")
/// server.expireAccessTokens()                 // every request now gets 401 until a refresh
/// ```
public final class OAuthServerSimulation: Transport, CustomReflectable, @unchecked Sendable {
  /// How the simulated server behaves.
  public struct Configuration: Sendable {
    /// The server's origin; the token endpoint and the resource live under it.
    public var baseURL: URL
    /// The token endpoint's path.
    public var tokenPath: String
    /// The only client id accepted.
    public var clientID: String
    /// The client's secret, if it is a confidential client (HTTP Basic or body).
    public var clientSecret: String?
    /// Lifetime of issued access tokens, in seconds.
    public var accessTokenLifetime: TimeInterval
    /// Seconds during which a rotated-out refresh token may be presented again and get the same
    /// successor pair (django-oauth-toolkit's `REFRESH_TOKEN_GRACE_PERIOD_SECONDS`); 0 by default.
    public var gracePeriod: TimeInterval
    /// Round-trip time of a token request, drawn uniformly from this range (seconds).
    public var tokenLatency: ClosedRange<TimeInterval>
    /// Round-trip time of a resource request, drawn uniformly from this range (seconds).
    public var resourceLatency: ClosedRange<TimeInterval>
    /// Seed of the latency generator, so runs are repeatable.
    public var seed: UInt64

    /// Creates a configuration; by default no latency, no grace period, 5-minute access tokens.
    public init(
      baseURL: URL = URL(string: "https://oauth.simulation.test")!, tokenPath: String = "/o/token/",
      clientID: String = "streams-demo", clientSecret: String? = nil, accessTokenLifetime: TimeInterval = 300,
      gracePeriod: TimeInterval = 0, tokenLatency: ClosedRange<TimeInterval> = 0...0,
      resourceLatency: ClosedRange<TimeInterval> = 0...0, seed: UInt64 = 42
    ) {
      self.baseURL = baseURL
      self.tokenPath = tokenPath
      self.clientID = clientID
      self.clientSecret = clientSecret
      self.accessTokenLifetime = accessTokenLifetime
      self.gracePeriod = gracePeriod
      self.tokenLatency = tokenLatency
      self.resourceLatency = resourceLatency
      self.seed = seed
    }
  }

  /// A failure the next token request meets, for tests.
  public enum TokenFault: Sendable, Hashable {
    /// The server answers with `status` (and an OAuth `server_error` body) without acting.
    case status(Int)
    /// The server rotates the token, then the response is lost (``TransportError/Reason/connectionLost``).
    case dropResponseAfterCommit
    /// The connection is refused: the request never reached the server.
    case connectionRefused
    /// The server answers 200 with this body, as is.
    case malformedBody(String)
  }

  /// What the server has seen.
  public struct Statistics: Sendable, Hashable {
    /// Requests to the token endpoint.
    public var tokenRequests = 0
    /// Refreshes that issued a new pair.
    public var rotations = 0
    /// Rotated-out refresh tokens presented again outside the grace period (each revoked a family).
    public var reuseDetections = 0
    /// Token requests answered with an error.
    public var rejectedTokenRequests = 0
    /// Requests to the protected resource.
    public var resourceRequests = 0
    /// Resource requests answered 401.
    public var unauthorizedResponses = 0
    /// Authorization codes exchanged for a new family (`grant_type=authorization_code`).
    public var codeExchanges = 0
    /// RFC 8693 token exchanges that issued a new family.
    public var tokenExchanges = 0
  }

  /// The configuration.
  public let configuration: Configuration
  /// The server whose access tokens this one accepts as `subject_token` in an RFC 8693
  /// exchange (it "introspects" them there), if any.
  public let upstream: OAuthServerSimulation?
  private let scheduler: any SchedulerType
  private let state: LockedState<ServerState>

  /// Creates a server.
  ///
  /// - Parameters:
  ///   - configuration: Its behaviour.
  ///   - scheduler: Whose `now` decides expiry; the wall clock by default (a `TestScheduler` in
  ///     tests that move time).
  ///   - upstream: The server whose access tokens this one exchanges (RFC 8693), if any.
  public init(
    configuration: Configuration = Configuration(),
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility),
    upstream: OAuthServerSimulation? = nil
  ) {
    self.configuration = configuration
    self.upstream = upstream
    self.scheduler = scheduler
    self.state = LockedState(ServerState(seed: configuration.seed))
  }

  /// The token endpoint URL.
  public var tokenEndpoint: URL { configuration.baseURL.appendingPathComponent(configuration.tokenPath) }

  /// A protected resource URL (`/api/me`).
  public var resourceURL: URL { configuration.baseURL.appendingPathComponent("api/me") }

  /// The client configuration that talks to this server.
  public var oauthConfiguration: OAuthClientConfiguration {
    OAuthClientConfiguration(
      tokenEndpoint: tokenEndpoint, clientID: configuration.clientID, clientSecret: configuration.clientSecret)
  }

  /// What the server has seen so far.
  public var statistics: Statistics { state.snapshot.statistics }

  /// The origin and statistics; never the token tables (a session that uses the simulation as
  /// its transport can be dumped in the redaction tests).
  public var customMirror: Mirror {
    Mirror(self, children: ["baseURL": configuration.baseURL, "statistics": statistics], displayStyle: .class)
  }

  /// Starts a token family for `userID` (as a sign-in would) and returns its credential.
  ///
  /// - Parameters:
  ///   - userID: The user the family belongs to; the resource answers with it.
  ///   - clientKnowsExpiry: Whether the credential carries `expiresAt` (`true`) or, as after a
  ///     server-side revocation or clock skew, the client cannot tell it expired (`false`).
  public func signIn(userID: String = "user-1", clientKnowsExpiry: Bool = true) -> Credential {
    let now = scheduler.now
    let lifetime = configuration.accessTokenLifetime
    return state.withLock { state in
      let family = state.newFamily(userID: userID)
      let pair = state.issue(family: family, now: now, lifetime: lifetime)
      return Credential(
        accessToken: pair.access, refreshToken: pair.refresh, expiresAt: clientKnowsExpiry ? pair.expiresAt : nil,
        userID: userID)
    }
  }

  /// Makes every access token issued so far count as expired.
  public func expireAccessTokens() {
    let past = scheduler.now.addingTimeInterval(-1)
    state.withLock { state in
      for key in state.accessTokens.keys { state.accessTokens[key]?.expiresAt = past }
    }
  }

  /// Revokes the family that `refreshToken` belongs to (an administrator, or a detected theft).
  public func revokeFamily(of refreshToken: String) {
    state.withLock { state in
      if let family = state.refreshTokens[refreshToken]?.family { state.revokedFamilies.insert(family) }
    }
  }

  /// Whether `credential`'s family is still alive and its refresh token is the active one.
  public func isSessionActive(_ credential: Credential) -> Bool {
    guard let token = credential.refreshToken else { return false }
    return state.withLock { state in
      guard let record = state.refreshTokens[token] else { return false }
      return record.revokedAt == nil && !state.revokedFamilies.contains(record.family)
    }
  }

  /// Makes the next token request meet `fault`.
  public func injectTokenFault(_ fault: TokenFault) {
    state.withLock { $0.faults.append(fault) }
  }

  /// Answers `request` as the server would.
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    guard let url = request.url, url.scheme == configuration.baseURL.scheme, url.host == configuration.baseURL.host,
      url.port == configuration.baseURL.port
    else {
      throw TransportError(.cannotFindHost, detail: "the simulation serves \(configuration.baseURL.host ?? "")")
    }
    let isToken = url.path == tokenEndpoint.path
    let latency = state.withLock {
      $0.latency(in: isToken ? configuration.tokenLatency : configuration.resourceLatency)
    }
    // One transaction: two token requests at once must not both take the same fault.
    if isToken, state.withLock({ $0.faults.first == .connectionRefused ? $0.faults.removeFirst() : nil }) != nil {
      throw TransportError(.cannotConnect, detail: "simulated connection refused")
    }
    try await Self.sleep(latency / 2)
    let (response, dropped) = isToken ? handleToken(request) : (handleResource(request, url: url), false)
    try await Self.sleep(latency / 2)
    if dropped { throw TransportError(.connectionLost, detail: "simulated: response lost after the server committed") }
    return response
  }

  private static func sleep(_ seconds: TimeInterval) async throws {
    guard seconds > 0 else { return }
    do {
      try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    } catch {
      throw TransportError(.cancelled, detail: "cancelled")
    }
  }

  private func handleResource(_ request: URLRequest, url: URL) -> HTTPResponse {
    let now = scheduler.now
    let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
    let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : ""
    let user = state.withLock { state -> String? in
      state.statistics.resourceRequests += 1
      guard let record = state.accessTokens[token], !record.revoked, record.expiresAt > now,
        !state.revokedFamilies.contains(record.family)
      else {
        state.statistics.unauthorizedResponses += 1
        return nil
      }
      return state.familyUsers[record.family]
    }
    guard let user else {
      return HTTPResponse(
        statusCode: 401,
        headers: [
          "WWW-Authenticate":
            "Bearer error=\"invalid_token\", error_description=\"The access token is invalid or expired\"",
          "Content-Type": "application/json",
        ],
        body: Data(#"{"detail":"Authentication credentials were not provided or are invalid."}"#.utf8), url: url)
    }
    return HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"user":"\#(user)"}"#.utf8),
      url: url)
  }

  private func handleToken(_ request: URLRequest) -> (HTTPResponse, dropped: Bool) {
    let now = scheduler.now
    let form = Self.parseForm(request.httpBody ?? Data())
    let basic = Self.basicCredentials(request.value(forHTTPHeaderField: "Authorization"))
    let configuration = self.configuration
    return state.withLock { state -> (HTTPResponse, Bool) in
      state.statistics.tokenRequests += 1
      var dropped = false
      switch state.faults.first {
      case .status(let status)?:
        state.faults.removeFirst()
        state.statistics.rejectedTokenRequests += 1
        return (Self.oauthError(status: status, code: "server_error", description: "simulated failure"), false)
      case .malformedBody(let body)?:
        state.faults.removeFirst()
        return (HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/html"], body: Data(body.utf8)), false)
      case .dropResponseAfterCommit?:
        state.faults.removeFirst()
        dropped = true
      case .connectionRefused?, nil:
        break
      }
      let clientID = basic?.id ?? form["client_id"]
      let secret = basic?.secret ?? form["client_secret"]
      guard clientID == configuration.clientID,
        configuration.clientSecret == nil || secret == configuration.clientSecret
      else {
        state.statistics.rejectedTokenRequests += 1
        return (
          Self.oauthError(status: 401, code: "invalid_client", description: "client authentication failed"), dropped
        )
      }
      switch form["grant_type"] {
      case "refresh_token":
        break
      case "authorization_code":
        return (redeemCode(form, state: &state, now: now), dropped)
      case TokenExchange.grantType where upstream != nil:
        return (exchange(form, state: &state, now: now), dropped)
      default:
        state.statistics.rejectedTokenRequests += 1
        return (Self.oauthError(status: 400, code: "unsupported_grant_type", description: nil), dropped)
      }
      guard let token = form["refresh_token"], let record = state.refreshTokens[token],
        !state.revokedFamilies.contains(record.family)
      else {
        state.statistics.rejectedTokenRequests += 1
        return (Self.oauthError(status: 400, code: "invalid_grant", description: "invalid refresh token"), dropped)
      }
      if let revokedAt = record.revokedAt {
        if now.timeIntervalSince(revokedAt) <= configuration.gracePeriod, let successor = record.successor,
          let pair = state.pair(forRefreshToken: successor)
        {
          return (Self.tokenResponse(pair, now: now), dropped)
        }
        state.revokedFamilies.insert(record.family)
        state.statistics.reuseDetections += 1
        state.statistics.rejectedTokenRequests += 1
        return (
          Self.oauthError(
            status: 400, code: "invalid_grant", description: "refresh token reuse detected; family revoked"),
          dropped
        )
      }
      let pair = state.rotate(token, now: now, lifetime: configuration.accessTokenLifetime)
      state.statistics.rotations += 1
      return (Self.tokenResponse(pair, now: now), dropped)
    }
  }

  // MARK: Authorization code and token exchange

  /// The redirect the authorization endpoint answers `url` with once `userID` has logged in
  /// (RFC 6749 §4.1.2): `code` and `state`, or `error` and `state`. PKCE `S256` is required.
  public func authorize(_ url: URL, userID: String) -> URL {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let query = Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    guard let redirect = query["redirect_uri"].flatMap(URL.init(string:)), query["client_id"] == configuration.clientID
    else { return configuration.baseURL.appendingPathComponent("error") }
    var reply = [URLQueryItem]()
    if query["response_type"] != "code" {
      reply.append(URLQueryItem(name: "error", value: "unsupported_response_type"))
    } else if query["code_challenge_method"] != "S256" || (query["code_challenge"] ?? "").isEmpty {
      reply += [
        URLQueryItem(name: "error", value: "invalid_request"),
        URLQueryItem(name: "error_description", value: "PKCE S256 is required"),
      ]
    } else {
      let challenge = query["code_challenge"] ?? ""
      let code = state.withLock { state in
        state.issueCode(
          ServerState.PendingCode(userID: userID, challenge: challenge, redirectURI: redirect.absoluteString))
      }
      reply.append(URLQueryItem(name: "code", value: code))
    }
    if let value = query["state"] { reply.append(URLQueryItem(name: "state", value: value)) }
    var components = URLComponents(url: redirect, resolvingAgainstBaseURL: false)
    components?.queryItems = reply
    return components?.url ?? redirect
  }

  /// Whether `accessToken` is active here (what an introspection endpoint answers), and whose.
  public func introspect(_ accessToken: String) -> String? {
    let now = scheduler.now
    return state.withLock { state in
      guard let record = state.accessTokens[accessToken], !record.revoked, record.expiresAt > now,
        !state.revokedFamilies.contains(record.family)
      else { return nil }
      return state.familyUsers[record.family]
    }
  }

  private func redeemCode(_ form: [String: String], state: inout ServerState, now: Date) -> HTTPResponse {
    guard let code = form["code"], let pending = state.codes[code] else {
      state.statistics.rejectedTokenRequests += 1
      return Self.oauthError(status: 400, code: "invalid_grant", description: "unknown authorization code")
    }
    guard !pending.used else {
      state.statistics.rejectedTokenRequests += 1
      return Self.oauthError(status: 400, code: "invalid_grant", description: "authorization code already used")
    }
    state.codes[code]?.used = true
    let verified = form["code_verifier"].flatMap { try? PKCE(verifier: $0) }?.challenge == pending.challenge
    guard verified, form["redirect_uri"] == pending.redirectURI else {
      state.statistics.rejectedTokenRequests += 1
      return Self.oauthError(status: 400, code: "invalid_grant", description: "code verifier or redirect mismatch")
    }
    let family = state.newFamily(userID: pending.userID)
    state.statistics.codeExchanges += 1
    return Self.tokenResponse(
      state.issue(family: family, now: now, lifetime: configuration.accessTokenLifetime), now: now)
  }

  private func exchange(_ form: [String: String], state: inout ServerState, now: Date) -> HTTPResponse {
    guard form["subject_token_type"] == TokenExchange.accessTokenType, let subject = form["subject_token"],
      let userID = upstream?.introspect(subject)
    else {
      state.statistics.rejectedTokenRequests += 1
      return Self.oauthError(status: 400, code: "invalid_request", description: "the subject token is not active")
    }
    let family = state.newFamily(userID: userID)
    state.statistics.tokenExchanges += 1
    return Self.tokenResponse(
      state.issue(family: family, now: now, lifetime: configuration.accessTokenLifetime), now: now)
  }

  private static func tokenResponse(_ pair: ServerState.Pair, now: Date) -> HTTPResponse {
    let expiresIn = max(0, Int(pair.expiresAt.timeIntervalSince(now).rounded()))
    let body =
      #"{"access_token":"\#(pair.access)","token_type":"Bearer","expires_in":\#(expiresIn),"#
      + #""refresh_token":"\#(pair.refresh)","scope":"read write"}"#
    return HTTPResponse(
      statusCode: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
      body: Data(body.utf8))
  }

  private static func oauthError(status: Int, code: String, description: String?) -> HTTPResponse {
    let body =
      description.map { #"{"error":"\#(code)","error_description":"\#($0)"}"# } ?? #"{"error":"\#(code)"}"#
    return HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
  }

  static func parseForm(_ body: Data) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard let key = parts.first.flatMap(decode) else { continue }
      fields[key] = parts.count > 1 ? decode(parts[1]) : ""
    }
    return fields
  }

  private static func decode(_ text: String) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }

  private static func basicCredentials(_ header: String?) -> (id: String, secret: String)? {
    guard let header, header.hasPrefix("Basic "), let data = Data(base64Encoded: String(header.dropFirst(6))),
      let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":"),
      let id = decode(String(text[..<colon])), let secret = decode(String(text[text.index(after: colon)...]))
    else { return nil }
    return (id, secret)
  }
}

/// The simulated server's tables.
private struct ServerState {
  struct AccessRecord {
    let family: Int
    var expiresAt: Date
    var revoked = false
  }

  struct RefreshRecord {
    let family: Int
    let accessToken: String
    var revokedAt: Date?
    var successor: String?
  }

  struct Pair {
    let access: String
    let refresh: String
    let expiresAt: Date
  }

  struct PendingCode {
    let userID: String
    let challenge: String
    let redirectURI: String
    var used = false
  }

  var codes: [String: PendingCode] = [:]
  var accessTokens: [String: AccessRecord] = [:]
  var refreshTokens: [String: RefreshRecord] = [:]
  var revokedFamilies: Set<Int> = []
  var familyUsers: [Int: String] = [:]
  var statistics = OAuthServerSimulation.Statistics()
  var faults: [OAuthServerSimulation.TokenFault] = []
  private var lastFamily = 0
  private var serial = 0
  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  mutating func issueCode(_ pending: PendingCode) -> String {
    serial += 1
    let code = "code-\(serial)-\(random.next() % 1_000_000)"
    codes[code] = pending
    return code
  }

  mutating func newFamily(userID: String) -> Int {
    lastFamily += 1
    familyUsers[lastFamily] = userID
    return lastFamily
  }

  mutating func issue(family: Int, now: Date, lifetime: TimeInterval) -> Pair {
    serial += 1
    let access = "at-\(family)-\(serial)-\(random.next() % 1_000_000)"
    let refresh = "rt-\(family)-\(serial)-\(random.next() % 1_000_000)"
    let expiresAt = now.addingTimeInterval(lifetime)
    accessTokens[access] = AccessRecord(family: family, expiresAt: expiresAt)
    refreshTokens[refresh] = RefreshRecord(family: family, accessToken: access)
    return Pair(access: access, refresh: refresh, expiresAt: expiresAt)
  }

  /// Revokes `token` and its access token and issues the successor pair.
  mutating func rotate(_ token: String, now: Date, lifetime: TimeInterval) -> Pair {
    guard var record = refreshTokens[token] else {
      preconditionFailure("Internal inconsistency: rotating an unknown token")
    }
    let pair = issue(family: record.family, now: now, lifetime: lifetime)
    accessTokens[record.accessToken]?.revoked = true
    record.revokedAt = now
    record.successor = pair.refresh
    refreshTokens[token] = record
    return pair
  }

  func pair(forRefreshToken token: String) -> Pair? {
    guard let record = refreshTokens[token], let access = accessTokens[record.accessToken] else { return nil }
    return Pair(access: record.accessToken, refresh: token, expiresAt: access.expiresAt)
  }

  mutating func latency(in range: ClosedRange<TimeInterval>) -> TimeInterval {
    guard range.upperBound > range.lowerBound else { return range.lowerBound }
    let unit = Double(random.next() >> 11) / Double(1 << 53)
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
  }
}

/// A small, fast, seedable generator (SplitMix64), so simulated latencies are repeatable.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
