import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Helpers for the StreamsAuth integration tests against the real OAuth server
/// (django-oauth-toolkit, see Fixtures/OAuthTestServer.swift). Everything is nested in `Live`
/// so that nothing collides with the unit tests' support types.
///
/// The tests never sleep to wait for something: they hold requests at explicit gates in
/// ``Live/ProbeTransport`` (a URLSessionTransport with hooks) and wait for counted traffic,
/// with watchdogs that fail a test instead of hanging it.
enum Live {
  /// Storms, flag-strategy runs and figures: long-lived access tokens (a storm on a loaded
  /// machine must not outlast the refreshed token) and no access log (thousands of lines).
  static let stormServer = OAuthServerConfiguration(accessTokenLifetime: 600, accessLog: false)
  /// The grace-period server; the same configuration as ServerSmokeTests', so one process.
  static let graceServer = OAuthServerConfiguration(refreshTokenGracePeriod: 30)
  /// A server whose /o/token/ mints 4-second access tokens.
  static let shortTokenServer = OAuthServerConfiguration(accessTokenLifetime: 4)
  /// How long a watchdog lets a wait run before the test fails (never reached when passing).
  static let watchdog: Double = 45
}

// MARK: - Waiting

extension Live {
  /// Awaits `operation` for at most `seconds`; `nil` if it did not finish (it keeps running).
  static func bounded<Value: Sendable>(
    seconds: Double = Live.watchdog, _ operation: @escaping @Sendable () async -> Value
  ) async -> Value? {
    let outcome = Observed<Value?>(nil, watchdog: Live.watchdog)
    Task {
      let value = await operation()
      outcome.update { $0 = value }
    }
    guard await outcome.until(seconds: seconds, { $0 != nil }) else { return nil }
    return outcome.current
  }
}

// MARK: - Transport

extension Live {
  /// A `URLSessionTransport` to the real server, counting what goes through and holding
  /// requests or responses at the test's gates.
  ///
  /// Its mirror hides the traffic it records (tokens by design), so a session that uses it can
  /// be dumped in the redaction tests.
  final class ProbeTransport: Transport, CustomReflectable, @unchecked Sendable {
    struct Traffic: Sendable {
      /// Token requests the client handed over.
      var tokenRequests = 0
      /// Their outcomes: an HTTP status, or -1 for a transport error.
      var tokenOutcomes: [Int] = []
      /// Resource requests handed over.
      var resourceRequests = 0
      /// Statuses of resource responses (-1: transport error).
      var resourceStatuses: [Int: Int] = [:]
      /// How many resource requests carried each access token.
      var resourceTokens: [String: Int] = [:]
      /// The access tokens carried by requests marked with `X-Live-Marker`, in order.
      var markedTokens: [String: [String]] = [:]
      /// Resource requests that carried a renewed token not yet in the credential storage
      /// (a waiter resumed before the rotated credential was saved).
      var unsavedTokenSends = 0
      /// Token-endpoint requests that carried a bearer token (there must be none).
      var tokenBearerSends = 0

      var resource401: Int { resourceStatuses[401] ?? 0 }
      var resource200: Int { resourceStatuses[200] ?? 0 }
      var resourceResponses: Int { resourceStatuses.values.reduce(0, +) }
      var tokenResponses: Int { tokenOutcomes.count }
    }

    /// Test hooks; all optional.
    struct Hooks: Sendable {
      /// Before token request `number` (1-based) is sent: may wait at a gate, or throw.
      var beforeToken: (@Sendable (_ number: Int) async throws -> Void)?
      /// Where token request `number` goes instead of the token endpoint (an unreachable
      /// address makes a real network failure), or `nil` for the token endpoint.
      var redirectToken: (@Sendable (_ number: Int) -> URL?)?
      /// After the server answered token request `number`, before the client gets the answer.
      var afterToken: (@Sendable (_ number: Int) async throws -> Void)?
      /// Before a resource request carrying `token` is sent.
      var beforeResource: (@Sendable (_ request: URLRequest, _ token: String?) async throws -> Void)?
      /// Whether a token is the original one or already saved (checked on every resource request).
      var isKnownToStorage: (@Sendable (_ token: String) -> Bool)?
    }

    static let markerHeader = "X-Live-Marker"

    var customMirror: Mirror { Mirror(self, children: ["tokenPath": tokenPath], displayStyle: .class) }

    let base: URLSessionTransport
    let tokenPath: String
    let traffic = Observed(Traffic(), watchdog: Live.watchdog)
    private let lock = NSLock()
    private var _hooks = Hooks()

    /// - Parameter connections: `httpMaximumConnectionsPerHost` (the server closes every
    ///   connection after one response, so a storm needs one connection per request).
    init(tokenURL: URL, connections: Int) {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpMaximumConnectionsPerHost = connections
      configuration.timeoutIntervalForRequest = 120
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      base = URLSessionTransport(configuration: configuration)
      tokenPath = tokenURL.path
    }

    var hooks: Hooks {
      get {
        lock.lock()
        defer { lock.unlock() }
        return _hooks
      }
      set {
        lock.lock()
        _hooks = newValue
        lock.unlock()
      }
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
      let hooks = self.hooks
      if request.url?.path == tokenPath {
        let carriesBearer = Self.bearerToken(request) != nil
        let number = traffic.update { traffic -> Int in
          traffic.tokenRequests += 1
          if carriesBearer { traffic.tokenBearerSends += 1 }
          return traffic.tokenRequests
        }
        try await hooks.beforeToken?(number)
        var outgoing = request
        if let elsewhere = hooks.redirectToken?(number) { outgoing.url = elsewhere }
        let response: HTTPResponse
        do {
          response = try await base.send(outgoing)
        } catch {
          traffic.update { $0.tokenOutcomes.append(-1) }
          throw error
        }
        try await hooks.afterToken?(number)
        traffic.update { $0.tokenOutcomes.append(response.statusCode) }
        return response
      }

      let token = Self.bearerToken(request)
      let marker = request.value(forHTTPHeaderField: Self.markerHeader)
      let unsaved = token.map { hooks.isKnownToStorage?($0) == false } ?? false
      traffic.update { traffic in
        traffic.resourceRequests += 1
        if let token {
          traffic.resourceTokens[token, default: 0] += 1
          if let marker { traffic.markedTokens[marker, default: []].append(token) }
        }
        if unsaved { traffic.unsavedTokenSends += 1 }
      }
      try await hooks.beforeResource?(request, token)
      do {
        let response = try await base.send(request)
        traffic.update { $0.resourceStatuses[response.statusCode, default: 0] += 1 }
        return response
      } catch {
        traffic.update { $0.resourceStatuses[-1, default: 0] += 1 }
        throw error
      }
    }

    static func bearerToken(_ request: URLRequest) -> String? {
      guard let header = request.value(forHTTPHeaderField: "Authorization"), header.hasPrefix("Bearer ") else {
        return nil
      }
      return String(header.dropFirst("Bearer ".count))
    }
  }

  /// Nothing listens there: connecting fails at once ("connection refused"), a real network
  /// failure in which the request surely never reached a server.
  static let unreachableTokenURL = URL(string: "http://127.0.0.1:1/o/token/")!
}

// MARK: - Storage, events, time

extension Live {
  /// An in-memory credential storage that records what the session did with it.
  final class RecordingStorage: CredentialStorage, @unchecked Sendable {
    enum Operation: Equatable, Sendable {
      case save(Credential)
      case load
      case clear
    }

    private let lock = NSLock()
    private var stored: Credential?
    private var log: [Operation] = []

    func load() throws(CredentialStorageError) -> Credential? {
      lock.lock()
      defer { lock.unlock() }
      log.append(.load)
      return stored
    }

    func save(_ credential: Credential) throws(CredentialStorageError) {
      lock.lock()
      defer { lock.unlock() }
      log.append(.save(credential))
      stored = credential
    }

    func clear() throws(CredentialStorageError) {
      lock.lock()
      defer { lock.unlock() }
      log.append(.clear)
      stored = nil
    }

    /// What the storage holds, without recording a load.
    var contents: Credential? {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }

    var operations: [Operation] {
      lock.lock()
      defer { lock.unlock() }
      return log
    }
  }

  /// Collects a session's events.
  final class EventLog: @unchecked Sendable {
    let events = Observed<[SessionEvent]>([], watchdog: Live.watchdog)
    private var subscription: (any Disposable)?

    init(_ observable: Observable<SessionEvent>) {
      subscription = observable.subscribe(onNext: { [events] event in events.update { $0.append(event) } })
    }

    deinit {
      subscription?.dispose()
    }
  }

  /// Real time that the test can move forward: "after the cooldown" without waiting for it.
  ///
  /// Its `now` is the wall clock plus what the test added. Unlike its superclass it keeps its own
  /// time as a virtual-time scheduler does (a `MonotonicClockScheduler` whose clock is its `now`),
  /// so the session measures the temporary-failure cooldown and the refresh window on that `now`
  /// too; its timers run on a dispatch queue in real time.
  final class AdvancingScheduler: MovableClockScheduler, MonotonicClockScheduler, @unchecked Sendable {
    var monotonicSeconds: TimeInterval { now.timeIntervalSince1970 }
  }
}

// MARK: - A client against the server

extension Live {
  /// One test's client stack against one tenant of the real server: `HTTPClient` +
  /// `AuthInterceptor` + `SessionManager` (`OAuthRefresher`) over a ``ProbeTransport``,
  /// signed in with a token pair minted for the tenant.
  struct Rig: Sendable {
    let server: OAuthTestServer
    let tenant: OAuthTestTenant
    /// The pair the session started from.
    let pair: OAuthTokenPair
    /// The credential signed in with. Unless `clientKnowsExpiry`, its expiry is unknown to the
    /// client (`expiresAt` nil), so an access token the server no longer accepts is found out
    /// by a 401.
    let credential: Credential
    let initialGeneration: Generation
    let transport: ProbeTransport
    let storage: RecordingStorage
    let scheduler: AdvancingScheduler
    let session: SessionManager
    let client: HTTPClient
    let events: EventLog
    let log: Observed<[AuthLogMessage]>

    /// - Parameters:
    ///   - client: The tenant's public client (`client_id` in the body) or confidential one
    ///     (HTTP Basic).
    ///   - accessTokenLifetime: Of the initial access token; ≤ 0: the server rejects it already.
    ///   - clientKnowsExpiry: Whether the credential carries the token's expiry (then an
    ///     expired one is refreshed before sending); otherwise a 401 tells.
    ///   - connections: Connections per host for the transport.
    static func make(
      server configuration: OAuthServerConfiguration = OAuthServerConfiguration(),
      client: OAuthTestTenant.Client = .public, accessTokenLifetime: Int = -1, clientKnowsExpiry: Bool = false,
      policy: RefreshPolicy = RefreshPolicy(), connections: Int = 64,
      isAuthenticationFailure: @escaping AuthInterceptor.AuthenticationFailurePredicate = AuthInterceptor.unauthorized,
      prepare: (OAuthTestTenant) async throws -> Void = { _ in }
    ) async throws -> Rig {
      let server = try await OAuthTestServer.shared(configuration)
      let tenant = try await server.makeTenant()
      try await prepare(tenant)
      let pair = try await tenant.issueTokens(accessTokenLifetime: accessTokenLifetime, client: client)
      let credential = Credential(
        accessToken: pair.accessToken, refreshToken: pair.refreshToken,
        expiresAt: clientKnowsExpiry ? Date().addingTimeInterval(TimeInterval(pair.expiresIn)) : nil, scope: pair.scope,
        userID: String(tenant.userID), issuedAt: clientKnowsExpiry ? Date() : nil)
      let oauth =
        switch client {
        case .public: OAuthClientConfiguration(tokenEndpoint: server.tokenURL, clientID: tenant.publicClientID)
        case .confidential:
          OAuthClientConfiguration(
            tokenEndpoint: server.tokenURL, clientID: tenant.confidentialClientID,
            clientSecret: tenant.confidentialClientSecret)
        }
      let transport = ProbeTransport(tokenURL: server.tokenURL, connections: connections)
      let storage = RecordingStorage()
      let scheduler = AdvancingScheduler()
      let log = Observed<[AuthLogMessage]>([], watchdog: Live.watchdog)
      let session = SessionManager(
        oauth: oauth, transport: transport, storage: storage, scheduler: scheduler, policy: policy,
        log: { message in log.update { $0.append(message) } })
      let events = EventLog(session.events)
      try await session.signIn(credential)
      let initialGeneration = try #require(session.current).generation
      let client = HTTPClient(
        transport: transport,
        interceptors: [
          // The token endpoint shares the host; the session excludes it by itself.
          session.interceptor(
            hosts: [Live.hostAndPort(server.baseURL)], isAuthenticationFailure: isAuthenticationFailure)
        ])
      // Every token a request carries must be the original or one already saved.
      let original = pair.accessToken
      var hooks = transport.hooks
      hooks.isKnownToStorage = { token in token == original || storage.contents?.accessToken == token }
      transport.hooks = hooks
      return Rig(
        server: server, tenant: tenant, pair: pair, credential: credential, initialGeneration: initialGeneration,
        transport: transport, storage: storage, scheduler: scheduler, session: session, client: client,
        events: events, log: log)
    }

    /// `GET /api/me`, optionally marked so the transport can tell it apart, optionally answered
    /// after `delay` milliseconds.
    func request(marker: String? = nil, delayMilliseconds delay: Int = 0) -> URLRequest {
      var url = server.resourceURL
      if delay > 0 { url = URL(string: url.absoluteString + "?delay_ms=\(delay)")! }
      var request = URLRequest(url: url, timeoutInterval: 120)
      if let marker { request.setValue(marker, forHTTPHeaderField: ProbeTransport.markerHeader) }
      return request
    }

    /// Sends `count` requests at once and returns their outcomes.
    func sendParallel(_ count: Int) async -> Outcomes {
      let client = self.client
      let request = self.request()
      return await Outcomes.collect(count) { _ in try await client.send(request) }
    }

    /// Sends one request and returns its outcome.
    func sendOne(marker: String? = nil) async -> Result<HTTPResponse, any Error> {
      let client = self.client
      let request = self.request(marker: marker)
      do {
        return .success(try await client.send(request))
      } catch {
        return .failure(error)
      }
    }

    /// The token request waits until `count` resource requests have been answered 401: every
    /// request of the storm then meets the refresh in flight.
    func holdTokenRequests(untilResource401 count: Int) {
      let traffic = transport.traffic
      var hooks = transport.hooks
      hooks.beforeToken = { _ in
        if await !traffic.until({ $0.resource401 >= count }) {
          print("Live: the token request went ahead after \(traffic.current.resource401) of \(count) 401s (watchdog)")
        }
      }
      transport.hooks = hooks
    }

    /// The events so far, after a sign-in with a marker credential that every earlier event
    /// precedes (`signIn` returns once its `signedIn` was delivered, and events are delivered
    /// in order). Ends the session under test: call it last.
    func eventsThroughFence() async throws -> [SessionEvent] {
      let marker = Credential(accessToken: "fence-\(UUID().uuidString)", refreshToken: nil, expiresAt: nil)
      try await session.signIn(marker)
      let events = self.events.events.current
      #expect(events.last == .signedIn(marker), "the fence's signedIn is not the last event: \(events)")
      return Array(events.dropLast())
    }

    func counters() async throws -> OAuthServerCounters {
      try await tenant.counters()
    }
  }

  /// `host:port` of a URL, as `AuthInterceptor` matches it.
  static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? ""
    return url.port.map { "\(host):\($0)" } ?? host
  }
}

// MARK: - Outcomes

extension Live {
  /// The outcomes of many requests.
  struct Outcomes: Sendable {
    var results: [Result<HTTPResponse, any Error>]

    static func collect(
      _ count: Int, _ body: @escaping @Sendable (Int) async throws -> HTTPResponse
    ) async -> Outcomes {
      let results = await withTaskGroup(of: Result<HTTPResponse, any Error>.self) { group in
        for index in 0..<count {
          group.addTask {
            do {
              return .success(try await body(index))
            } catch {
              return .failure(error)
            }
          }
        }
        var all: [Result<HTTPResponse, any Error>] = []
        all.reserveCapacity(count)
        for await result in group { all.append(result) }
        return all
      }
      return Outcomes(results: results)
    }

    /// Status → how many requests ended with it.
    var statuses: [Int: Int] {
      results.reduce(into: [:]) { counts, result in
        if case .success(let response) = result { counts[response.statusCode, default: 0] += 1 }
      }
    }

    var successes: Int { results.filter { (try? $0.get())?.isSuccess == true }.count }

    var errors: [any Error] {
      results.compactMap { result in
        if case .failure(let error) = result { return error }
        return nil
      }
    }

    /// The errors as `AuthError` (`nil` for any other error).
    var authErrors: [AuthError?] { errors.map { $0 as? AuthError } }

    var summary: String {
      var parts = statuses.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }
      let grouped = Dictionary(grouping: errors.map { "\($0)" }) { $0 }
      parts += grouped.sorted { $0.key < $1.key }.map { "\($0.value.count) × error \($0.key)" }
      return parts.joined(separator: ", ")
    }
  }

  /// Seconds with two decimals.
  static func seconds(_ duration: Duration) -> String {
    let (whole, attoseconds) = duration.components
    return String(format: "%.2f", Double(whole) + Double(attoseconds) / 1e18)
  }
}
