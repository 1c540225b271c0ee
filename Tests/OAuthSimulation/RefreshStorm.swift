import Dispatch
import Foundation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The RefreshStorm experiment: N parallel requests with an access token the server no longer
/// accepts, under one refresh strategy; used by the `RefreshStorm` playground and its tests.
public enum RefreshStorm {
  /// The two strategies compared.
  public enum Strategy: String, Sendable, CaseIterable {
    /// ``FlagAndPublishSubjectInterceptor``: a flag and a `PublishSubject<Void>` retry signal.
    case flagAndPublishSubject = "flag + PublishSubject"
    /// StreamsAuth's `SessionManager` and its interceptor in an `HTTPClient`.
    case sessionManager = "Streams SessionManager"
  }

  /// Where the storm goes.
  public struct Target: Sendable {
    /// The transport to the server (the simulation, or a `URLSessionTransport`).
    public var transport: any Transport
    /// The token endpoint and client.
    public var oauth: OAuthClientConfiguration
    /// The protected resource every request fetches.
    public var resourceURL: URL
    /// The server's own count of reuse detections, when it can tell (the simulation can).
    public var serverReuseDetections: (@Sendable () -> Int)?

    /// Creates a target.
    public init(
      transport: any Transport, oauth: OAuthClientConfiguration, resourceURL: URL,
      serverReuseDetections: (@Sendable () -> Int)? = nil
    ) {
      self.transport = transport
      self.oauth = oauth
      self.resourceURL = resourceURL
      self.serverReuseDetections = serverReuseDetections
    }

    /// The embedded simulation as a target.
    public static func simulation(_ server: OAuthServerSimulation) -> Target {
      Target(
        transport: server, oauth: server.oauthConfiguration, resourceURL: server.resourceURL,
        serverReuseDetections: { server.statistics.reuseDetections })
    }
  }

  /// One row of the result table.
  public struct Report: Sendable {
    /// The strategy.
    public var strategy: Strategy
    /// Requests sent.
    public var requests = 0
    /// Requests that ended with a 2xx.
    public var successes = 0
    /// Requests that ended with an error or a non-2xx status.
    public var failures = 0
    /// Requests still waiting when the time bound passed (they would have waited forever).
    public var unfinished = 0
    /// `POST /token` calls made.
    public var tokenCalls = 0
    /// Reuse detections reported by the server, or `nil` if it cannot tell.
    public var reuseDetections: Int?
    /// `invalid_grant` answers seen by the client.
    public var invalidGrantReplies = 0
    /// Whether the session still worked afterwards (a probe request with the final token got 2xx).
    public var sessionStillValid = false
    /// Seconds from the first request to the last outcome (or the bound).
    public var wallTime: TimeInterval = 0
    /// The credential the strategy ended with.
    public var finalCredential: Credential?
  }

  /// Runs `requests` parallel requests with `credential` under `strategy`.
  ///
  /// - Parameters:
  ///   - strategy: The refresh strategy.
  ///   - requests: How many requests start at once.
  ///   - credential: The credential both strategies start from (its access token is rejected).
  ///   - target: The server.
  ///   - timeout: The bound after which waiting requests count as unfinished.
  ///   - scheduler: Times the bound; a background dispatch queue by default, virtual in tests.
  public static func run(
    _ strategy: Strategy, requests: Int, credential: Credential, target: Target, timeout: TimeInterval,
    scheduler: any SchedulerType = ConcurrentDispatchQueueScheduler(qos: .utility)
  ) async -> Report {
    let counter = CountingTransport(base: target.transport, tokenEndpoint: target.oauth.tokenEndpoint)
    let reuseBefore = target.serverReuseDetections?() ?? 0
    let deadline = Deadline()
    let started = DispatchTime.now().uptimeNanoseconds
    var report = Report(strategy: strategy, requests: requests)
    let outcomes: [Outcome]
    switch strategy {
    case .flagAndPublishSubject:
      let interceptor = FlagAndPublishSubjectInterceptor(
        credential: credential, refresher: OAuthRefresher(configuration: target.oauth, transport: counter))
      outcomes = await runBounded(requests: requests, timeout: timeout, scheduler: scheduler, deadline: deadline) {
        await classicRequest(target.resourceURL, interceptor: interceptor, transport: counter, deadline: deadline)
      }
      report.finalCredential = interceptor.credential
    case .sessionManager:
      let session = SessionManager(oauth: target.oauth, transport: counter)
      try? await session.signIn(credential)
      var host = target.resourceURL.host ?? ""
      if let port = target.resourceURL.port { host += ":\(port)" }
      let client = HTTPClient(transport: counter, interceptors: [session.interceptor(hosts: [host])])
      outcomes = await runBounded(requests: requests, timeout: timeout, scheduler: scheduler, deadline: deadline) {
        await sessionRequest(target.resourceURL, client: client)
      }
      report.finalCredential = try? await session.validSession()
    }
    report.wallTime = TimeInterval(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000_000
    report.successes = outcomes.filter { $0 == .success }.count
    report.failures = outcomes.filter { $0 == .failure }.count
    report.unfinished = outcomes.filter { $0 == .unfinished }.count
    report.tokenCalls = counter.tokenCalls
    report.invalidGrantReplies = counter.invalidGrantReplies
    report.reuseDetections = target.serverReuseDetections.map { $0() - reuseBefore }
    if let final = report.finalCredential {
      var probe = URLRequest(url: target.resourceURL)
      probe.setValue(final.authorizationHeaderValue, forHTTPHeaderField: "Authorization")
      report.sessionStillValid = (try? await target.transport.send(probe))?.isSuccess ?? false
    }
    return report
  }

  /// The results as a text table.
  public static func table(_ reports: [Report]) -> String {
    let header = [
      "strategy", "requests", "successes", "failures", "unfinished", "/token calls", "reuse detections",
      "session valid", "wall time",
    ]
    let rows = reports.map { report in
      [
        report.strategy.rawValue, "\(report.requests)", "\(report.successes)", "\(report.failures)",
        "\(report.unfinished)", "\(report.tokenCalls)",
        report.reuseDetections.map { "\($0)" } ?? "\(report.invalidGrantReplies) invalid_grant",
        report.sessionStillValid ? "yes" : "NO", String(format: "%.3f s", report.wallTime),
      ]
    }
    let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        index == 0
          ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[index] - cell.count) + cell
      }.joined(separator: " | ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }

  enum Outcome: Sendable, Equatable {
    case success
    case failure
    case unfinished
  }

  /// Runs `requests` copies of `request` at once; at the bound, cancels what is left.
  private static func runBounded(
    requests: Int, timeout: TimeInterval, scheduler: any SchedulerType, deadline: Deadline,
    _ request: @escaping @Sendable () async -> Outcome
  ) async -> [Outcome] {
    let work = Task {
      await withTaskGroup(of: Outcome.self) { group in
        for _ in 0..<requests { group.addTask { await request() } }
        var outcomes: [Outcome] = []
        for await outcome in group { outcomes.append(outcome) }
        return outcomes
      }
    }
    let timer = scheduler.schedule(afterSeconds: timeout) {
      deadline.expire()
      work.cancel()
    }
    let outcomes = await work.value
    timer.dispose()
    return outcomes
  }

  private static func sessionRequest(_ url: URL, client: HTTPClient) async -> Outcome {
    do {
      let response = try await client.send(URLRequest(url: url))
      return response.isSuccess ? .success : .failure
    } catch {
      return Task.isCancelled ? .unfinished : .failure
    }
  }

  /// A request as an app using the pattern sends it: adapt, send, and on failure ask the
  /// interceptor, retrying for as long as it says so (Alamofire sets no limit).
  private static func classicRequest(
    _ url: URL, interceptor: FlagAndPublishSubjectInterceptor, transport: any Transport, deadline: Deadline
  ) async -> Outcome {
    while true {
      let request = interceptor.adapt(URLRequest(url: url))
      let response: HTTPResponse
      do {
        response = try await transport.send(request)
      } catch {
        return Task.isCancelled ? .unfinished : .failure
      }
      if response.isSuccess { return .success }
      let decision = await deadline.race { resume in interceptor.retry(response: response, completion: resume) }
      switch decision {
      case true?: continue
      case false?: return .failure
      case nil: return .unfinished
      }
    }
  }
}

/// Resolves waits that are still pending when the time bound passes: how the storm (and the
/// integration tests of the same pattern) tell a waiter that never finishes from a slow one.
public final class Deadline: @unchecked Sendable {
  private let lock = Lock.make()
  private var isExpired = false
  private var pending: [UInt64: CheckedContinuation<Bool?, Never>] = [:]
  private var lastID: UInt64 = 0

  /// Creates a bound that has not passed.
  public init() {}

  /// Whether the bound has passed.
  public var hasExpired: Bool { lock.withLock { isExpired } }

  /// Waits for `start`'s callback, or `nil` once the bound passed; the first wins.
  public func race(_ start: (@escaping @Sendable (Bool) -> Void) -> Void) async -> Bool? {
    await withCheckedContinuation { continuation in
      lock.lock()
      if isExpired {
        lock.unlock()
        continuation.resume(returning: nil)
        return
      }
      lastID += 1
      let id = lastID
      pending[id] = continuation
      lock.unlock()
      start { decision in
        let continuation = self.lock.withLock { self.pending.removeValue(forKey: id) }
        continuation?.resume(returning: decision)
      }
    }
  }

  /// The bound passed: every pending wait returns `nil`, and so does every later one.
  public func expire() {
    let waiting = lock.withLock { () -> [CheckedContinuation<Bool?, Never>] in
      isExpired = true
      defer { pending.removeAll() }
      return Array(pending.values)
    }
    waiting.forEach { $0.resume(returning: nil) }
  }
}

/// Counts token-endpoint calls and `invalid_grant` answers on the way through.
final class CountingTransport: Transport, @unchecked Sendable {
  private let base: any Transport
  private let tokenPath: String
  private let counts = LockedState((tokenCalls: 0, invalidGrant: 0))

  init(base: any Transport, tokenEndpoint: URL) {
    self.base = base
    self.tokenPath = tokenEndpoint.path
  }

  var tokenCalls: Int { counts.snapshot.tokenCalls }
  var invalidGrantReplies: Int { counts.snapshot.invalidGrant }

  func send(_ request: URLRequest) async throws -> HTTPResponse {
    let isToken = request.url?.path == tokenPath
    if isToken { counts.withLock { $0.tokenCalls += 1 } }
    let response = try await base.send(request)
    if isToken, response.statusCode == 400, String(decoding: response.body, as: UTF8.self).contains("invalid_grant") {
      counts.withLock { $0.invalidGrant += 1 }
    }
    return response
  }
}
