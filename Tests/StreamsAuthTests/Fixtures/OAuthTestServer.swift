import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How one OAuth test server process is configured. Servers are shared per configuration
/// (see ``OAuthTestServer/shared(_:)``), so tests that need another grace period or token
/// lifetime get a server of their own.
struct OAuthServerConfiguration: Hashable, Sendable, CustomStringConvertible {
  /// django-oauth-toolkit's `REFRESH_TOKEN_GRACE_PERIOD_SECONDS`: how long the previous
  /// refresh token may be presented again (and get the pair already minted from it).
  var refreshTokenGracePeriod: Int = 0
  /// `ACCESS_TOKEN_EXPIRE_SECONDS` of the access tokens `/o/token/` mints. Tokens from
  /// ``OAuthTestTenant/issueTokens(accessTokenLifetime:client:scope:)`` take their own.
  var accessTokenLifetime: Int = 60
  /// `REFRESH_TOKEN_EXPIRE_SECONDS`; `nil`: refresh tokens do not expire.
  var refreshTokenLifetime: Int?
  /// Log every request to the server's log file.
  var accessLog: Bool = true
  /// When set, the process also serves the payment token server (`/pay/...`,
  /// `oauthserver/payment.py`), exchanging access tokens of the server at this base URL.
  var paymentUpstream: URL?

  init(
    refreshTokenGracePeriod: Int = 0, accessTokenLifetime: Int = 60, refreshTokenLifetime: Int? = nil,
    accessLog: Bool = true, paymentUpstream: URL? = nil
  ) {
    self.refreshTokenGracePeriod = refreshTokenGracePeriod
    self.accessTokenLifetime = accessTokenLifetime
    self.refreshTokenLifetime = refreshTokenLifetime
    self.accessLog = accessLog
    self.paymentUpstream = paymentUpstream
  }

  var description: String {
    "grace \(refreshTokenGracePeriod) s, access tokens \(accessTokenLifetime) s, refresh tokens "
      + (refreshTokenLifetime.map { "\($0) s" } ?? "unlimited")
      + (paymentUpstream.map { ", payment server for \($0)" } ?? "")
  }

  var launcherArguments: [String] {
    var arguments = [
      "--grace-period", String(refreshTokenGracePeriod),
      "--access-token-lifetime", String(accessTokenLifetime),
      "--refresh-token-lifetime", String(refreshTokenLifetime ?? 0),
    ]
    if !accessLog { arguments.append("--no-access-log") }
    if let paymentUpstream { arguments += ["--payment-upstream", paymentUpstream.absoluteString] }
    return arguments
  }
}

/// Why the OAuth test server could not be used. Every message says what to do.
struct OAuthTestServerError: Error, CustomStringConvertible {
  var description: String
}

/// A real OAuth 2.0 authorization server (django-oauth-toolkit 3.x from PyPI, on SQLite) in
/// a child process, for the StreamsAuth tests.
///
/// - `OAuthTestServer.shared()` (or `shared(configuration)`) starts one server per
///   configuration, lazily, for the whole test process. Do not `stop()` it: an exit handler
///   stops it when the test process exits, and should the process die instead, the server
///   exits on its own when its stdin pipe closes.
/// - `OAuthTestServer.start(configuration)` starts a private one; call `stop()`.
///
/// Starting it creates the Python virtual environment first when it is missing or stale
/// (`Server/setup-venv.sh`, which needs `python3` and PyPI once). The server's stdout is a
/// pipe read for its `LISTENING host:port` line; its stderr goes to ``logURL``, never to
/// the test runner's output. Set `STREAMS_SKIP_OAUTH_SERVER=1` to skip the tests that
/// need it, with `.enabled(if: OAuthTestServer.isEnabled)`.
///
/// Isolation: make a tenant per test (``makeTenant(name:)``): its own user, clients, knobs
/// and counters, so tests may run in parallel on one server.
final class OAuthTestServer: Sendable {
  // MARK: Enabling

  static let skipVariable = "STREAMS_SKIP_OAUTH_SERVER"

  /// False when `STREAMS_SKIP_OAUTH_SERVER=1`: the server tests are then skipped on purpose.
  static var isEnabled: Bool {
    ProcessInfo.processInfo.environment[skipVariable] != "1"
  }

  static let skipComment: Comment =
    "needs the django-oauth-toolkit test server; STREAMS_SKIP_OAUTH_SERVER=1 skips it deliberately"

  // MARK: Shared servers

  /// The server for `configuration`, started on first use and kept for the test process.
  /// A failed start is remembered, so every test that asks gets the same error at once.
  static func shared(_ configuration: OAuthServerConfiguration = .init()) async throws -> OAuthTestServer {
    try await SharedServers.instance.server(for: configuration)
  }

  /// Starts a server that the caller owns and must `stop()`.
  static func start(_ configuration: OAuthServerConfiguration = .init()) async throws -> OAuthTestServer {
    try await ServerEnvironment.prepare()
    return try await launch(configuration)
  }

  // MARK: Properties

  let configuration: OAuthServerConfiguration
  /// `http://127.0.0.1:PORT`
  let baseURL: URL
  /// The server's stderr: start-up, access log, errors.
  let logURL: URL
  let processIdentifier: Int32
  /// From spawning the process to its `LISTENING` line (migrations included).
  let startupDuration: Duration
  /// The tenant that exists from the start: user `alice`, clients `streams-public` and
  /// `streams-confidential` (secret `streams-confidential-secret`).
  let defaultTenant: OAuthTestTenant

  /// `POST` here with `application/x-www-form-urlencoded` (RFC 6749 §6).
  var tokenURL: URL { baseURL.appendingPathComponent("o/token/") }
  /// RFC 7009 token revocation.
  var revocationURL: URL { baseURL.appendingPathComponent("o/revoke_token/") }
  /// The protected resource: `GET` with `Authorization: Bearer …`.
  var resourceURL: URL { baseURL.appendingPathComponent("api/me") }

  let control: OAuthControlClient
  private let state: ProcessState

  private init(
    configuration: OAuthServerConfiguration, baseURL: URL, logURL: URL, state: ProcessState,
    startupDuration: Duration, defaultTenant: OAuthTestTenant, control: OAuthControlClient
  ) {
    self.configuration = configuration
    self.baseURL = baseURL
    self.logURL = logURL
    self.state = state
    self.processIdentifier = state.processIdentifier
    self.startupDuration = startupDuration
    self.defaultTenant = defaultTenant
    self.control = control
  }

  // MARK: Use

  /// A new tenant: its own user, public and confidential clients, knobs and counters.
  func makeTenant(name: String? = nil) async throws -> OAuthTestTenant {
    var body: [String: any Sendable] = [:]
    if let name { body["name"] = name }
    let info: OAuthTestTenant.Info = try await control.post("test/tenants", body)
    return OAuthTestTenant(info: info, server: self)
  }

  /// The sum over every tenant, with the concurrency gauge (`inFlight`, `peakInFlight`).
  func totalCounters() async throws -> OAuthServerCounters {
    try await control.get("test/counters", query: ["tenant": "_all"])
  }

  var isRunning: Bool { state.isRunning }

  /// The server's log so far (stderr).
  func log() -> String {
    (try? String(contentsOf: logURL, encoding: .utf8)) ?? "(no log at \(logURL.path))"
  }

  /// Closes the server's stdin (it exits and deletes its database), waits up to
  /// `timeout`, then terminates and finally kills it. Idempotent.
  func stop(timeout: Duration = .seconds(5)) async {
    await state.stop(timeout: timeout)
  }

  // MARK: Launching

  private static func launch(_ configuration: OAuthServerConfiguration) async throws -> OAuthTestServer {
    let paths = ServerEnvironment.paths
    let logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("streams-oauth-server-\(getpid())-\(UUID().uuidString.prefix(8)).log")
    guard FileManager.default.createFile(atPath: logURL.path, contents: nil),
      let logHandle = try? FileHandle(forWritingTo: logURL)
    else {
      throw OAuthTestServerError(description: "could not create the server log file \(logURL.path)")
    }

    let process = Process()
    process.executableURL = paths.venvPython
    process.arguments = [paths.launcher.path] + configuration.launcherArguments
    process.currentDirectoryURL = paths.serverDirectory
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment["PYTHONUNBUFFERED"] = "1"
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = logHandle

    let clock = ContinuousClock()
    let started = clock.now
    do {
      try process.run()
    } catch {
      try? logHandle.close()
      throw OAuthTestServerError(
        description: "could not start \(paths.venvPython.path) \(paths.launcher.path): \(error)")
    }
    try? logHandle.close()  // the child has its own copy
    let state = ProcessState(process: process, stdin: stdin)
    ExitCleanup.register(state)

    let address: String
    do {
      address = try await ListeningLine.read(from: stdout.fileHandleForReading, state: state, timeout: startTimeout)
    } catch let failure as ListeningLine.Failure {
      await state.stop(timeout: .seconds(2))
      let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
      throw OAuthTestServerError(
        description: """
          the OAuth test server (\(configuration)) did not come up: \(failure.reason).
          command: \(paths.venvPython.path) \(([paths.launcher.path] + configuration.launcherArguments).joined(separator: " "))
          server log (\(logURL.path)):
          \(log.suffix(6000))
          """)
    }
    let startupDuration = clock.now - started

    guard let baseURL = URL(string: "http://\(address)") else {
      await state.stop(timeout: .seconds(2))
      throw OAuthTestServerError(description: "the server printed an unusable address: \(address)")
    }
    let control = OAuthControlClient(baseURL: baseURL)
    let info: OAuthTestTenant.Info
    do {
      let config: ServerConfigReply = try await control.get("test/config")
      info = config.defaultTenant
    } catch {
      await state.stop(timeout: .seconds(2))
      throw OAuthTestServerError(description: "the server at \(baseURL) does not answer /test/config: \(error)")
    }
    let server = OAuthTestServer(
      configuration: configuration, baseURL: baseURL, logURL: logURL, state: state,
      startupDuration: startupDuration, defaultTenant: OAuthTestTenant(info: info, baseURL: baseURL), control: control)
    return server
  }

  /// `STREAMS_OAUTH_START_TIMEOUT` seconds (default 120: migrations on a loaded 2-core machine).
  private static var startTimeout: Duration {
    let seconds = ProcessInfo.processInfo.environment["STREAMS_OAUTH_START_TIMEOUT"].flatMap(Double.init) ?? 120
    return .milliseconds(Int(seconds * 1000))
  }

  private struct ServerConfigReply: Decodable {
    var defaultTenant: OAuthTestTenant.Info
    enum CodingKeys: String, CodingKey { case defaultTenant = "default_tenant" }
  }
}

// MARK: - Shared servers

private actor SharedServers {
  static let instance = SharedServers()
  private var servers: [OAuthServerConfiguration: Task<OAuthTestServer, any Error>] = [:]

  func server(for configuration: OAuthServerConfiguration) async throws -> OAuthTestServer {
    if let existing = servers[configuration] { return try await existing.value }
    let task = Task { () async throws -> OAuthTestServer in
      try await OAuthTestServer.start(configuration)
    }
    servers[configuration] = task
    return try await task.value
  }
}

// MARK: - Locating Python, the venv and the server sources

enum ServerEnvironment {
  struct Paths: Sendable {
    /// Tests/StreamsAuthTests/Server
    var serverDirectory: URL
    var launcher: URL
    var setupScript: URL
    var repositoryRoot: URL
    /// `STREAMS_OAUTH_VENV`, else `<repo>/.venv-oauth` (ignored by git through `.venv*/`).
    var venv: URL
    var venvPython: URL { venv.appendingPathComponent("bin/python3") }
  }

  /// Found from this file's path: the Python sources are not a resource of the test target.
  static let paths: Paths = {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let testTarget = fixtures.deletingLastPathComponent()
    let server = testTarget.appendingPathComponent("Server")
    let root = testTarget.deletingLastPathComponent().deletingLastPathComponent()
    let venv =
      ProcessInfo.processInfo.environment["STREAMS_OAUTH_VENV"].map { URL(fileURLWithPath: $0) }
      ?? root.appendingPathComponent(".venv-oauth")
    return Paths(
      serverDirectory: server, launcher: server.appendingPathComponent("launcher.py"),
      setupScript: server.appendingPathComponent("setup-venv.sh"), repositoryRoot: root, venv: venv)
  }()

  /// `STREAMS_OAUTH_PYTHON`, else the first executable `python3` on `PATH`.
  static func findPython() throws -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["STREAMS_OAUTH_PYTHON"], !explicit.isEmpty {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw OAuthTestServerError(description: "STREAMS_OAUTH_PYTHON=\(explicit) is not an executable file")
      }
      return URL(fileURLWithPath: explicit)
    }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw OAuthTestServerError(
      description: """
        python3 was not found on PATH (\(path)). The StreamsAuth tests run a real OAuth 2.0 server \
        (django-oauth-toolkit) and need CPython 3.10+ with the venv module, and PyPI reachable the first time. \
        Install python3 (Debian: apt-get install python3 python3-venv), or set STREAMS_OAUTH_PYTHON to an \
        interpreter, or set \(OAuthTestServer.skipVariable)=1 to skip these tests on purpose.
        """)
  }

  private static let preparation = PreparationOnce()

  /// Runs `setup-venv.sh` once per test process (it returns at once when the venv is current).
  static func prepare() async throws {
    try await preparation.run {
      let python = try findPython()
      try await runSetupScript(python: python)
    }
  }

  private static func runSetupScript(python: URL) async throws {
    let logURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("streams-oauth-setup-\(getpid()).log")
    guard FileManager.default.createFile(atPath: logURL.path, contents: nil),
      let logHandle = try? FileHandle(forWritingTo: logURL)
    else {
      throw OAuthTestServerError(description: "could not create \(logURL.path)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [paths.setupScript.path]
    var environment = ProcessInfo.processInfo.environment
    environment["STREAMS_OAUTH_PYTHON"] = python.path
    environment["STREAMS_OAUTH_VENV"] = paths.venv.path
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = logHandle
    process.standardError = logHandle
    let clock = ContinuousClock()
    let started = clock.now
    do {
      try process.run()
    } catch {
      try? logHandle.close()
      throw OAuthTestServerError(description: "could not run \(paths.setupScript.path): \(error)")
    }
    try? logHandle.close()
    // pip install from PyPI on a fresh machine: seconds to a few minutes.
    let limit = Duration.seconds(900)
    while process.isRunning {
      if clock.now - started > limit {
        process.terminate()
        break
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    process.waitUntilExit()
    let output = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw OAuthTestServerError(
        description: """
          setting up the Python environment for the OAuth test server failed \
          (\(paths.setupScript.path), status \(process.terminationStatus)). It needs \(python.path) \
          (CPython 3.10+ with venv) and PyPI reachable. Output:
          \(output.suffix(6000))
          """)
    }
    try? FileManager.default.removeItem(at: logURL)
  }
}

/// Runs an async throwing job once; later callers get its outcome.
private actor PreparationOnce {
  private var task: Task<Void, any Error>?

  func run(_ job: @escaping @Sendable () async throws -> Void) async throws {
    if let task { return try await task.value }
    let task = Task { try await job() }
    self.task = task
    try await task.value
  }
}

// MARK: - The child process

/// The server process and the write end of its stdin, behind a lock.
private final class ProcessState: @unchecked Sendable {
  private let lock = NSLock()
  private var process: Process?
  private var stdin: Pipe?
  let processIdentifier: Int32

  init(process: Process, stdin: Pipe) {
    self.process = process
    self.stdin = stdin
    self.processIdentifier = process.processIdentifier
  }

  var isRunning: Bool {
    lock.lock()
    defer { lock.unlock() }
    return process?.isRunning ?? false
  }

  /// Takes the process and the pipe out, so that only one caller stops it.
  private func take() -> (Process, Pipe?)? {
    lock.withLock {
      defer {
        self.process = nil
        self.stdin = nil
      }
      return self.process.map { ($0, self.stdin) }
    }
  }

  /// For the exit handler: closes stdin and returns the process to wait for.
  func closeStdinForExit() -> Process? {
    guard let (process, stdin) = take() else { return nil }
    try? stdin?.fileHandleForWriting.close()
    return process
  }

  func stop(timeout: Duration) async {
    ExitCleanup.unregister(self)
    guard let (process, stdin) = take() else { return }
    // End of file on the server's stdin: it deletes its database and exits.
    try? stdin?.fileHandleForWriting.close()
    if await Self.waitForExit(process, timeout: timeout) { return }
    process.terminate()  // SIGTERM
    if await Self.waitForExit(process, timeout: .seconds(2)) { return }
    kill(process.processIdentifier, SIGKILL)
    _ = await Self.waitForExit(process, timeout: .seconds(2))
  }

  private static func waitForExit(_ process: Process, timeout: Duration) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while process.isRunning {
      if clock.now >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return true
  }
}

/// Stops the servers still running when the test process exits normally, and waits (up to
/// 3 s) for them to go, so that none outlives `swift test` even briefly. Without it they
/// would still exit, a moment later, when the dying process closes their stdin pipes.
private enum ExitCleanup {
  private static let registry = Registry()

  private final class Registry: @unchecked Sendable {
    let lock = NSLock()
    var states: [ObjectIdentifier: ProcessState] = [:]
    var installed = false
  }

  static func register(_ state: ProcessState) {
    let install = registry.lock.withLock {
      registry.states[ObjectIdentifier(state)] = state
      defer { registry.installed = true }
      return !registry.installed
    }
    if install { atexit { ExitCleanup.stopAll() } }
  }

  static func unregister(_ state: ProcessState) {
    _ = registry.lock.withLock { registry.states.removeValue(forKey: ObjectIdentifier(state)) }
  }

  private static func stopAll() {
    let states = registry.lock.withLock {
      defer { registry.states = [:] }
      return Array(registry.states.values)
    }
    let processes = states.compactMap { $0.closeStdinForExit() }
    var waited = 0
    while processes.contains(where: \.isRunning), waited < 3000 {
      usleep(10_000)
      waited += 10
    }
    for process in processes where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
  }
}

/// Reads the child's stdout on a thread of its own until the `LISTENING host:port` line,
/// end of file, the child's exit, or the timeout, whichever comes first.
private enum ListeningLine {
  struct Failure: Error { var reason: String }

  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, any Error>?
    private var result: Result<String, Failure>?

    func finish(_ result: Result<String, Failure>) {
      lock.lock()
      guard self.result == nil else {
        lock.unlock()
        return
      }
      self.result = result
      let continuation = self.continuation
      self.continuation = nil
      lock.unlock()
      continuation?.resume(with: result.mapError { $0 as any Error })
    }

    func wait() async throws -> String {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        if let result {
          lock.unlock()
          continuation.resume(with: result.mapError { $0 as any Error })
        } else {
          self.continuation = continuation
          lock.unlock()
        }
      }
    }
  }

  static func read(from handle: FileHandle, state: ProcessState, timeout: Duration) async throws -> String {
    let outcome = Outcome()
    let reader = Thread {
      var buffer = Data()
      while true {
        let chunk = handle.availableData  // blocks; empty at end of file
        if chunk.isEmpty {
          outcome.finish(.failure(Failure(reason: "the server closed stdout without printing LISTENING")))
          return
        }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          if line.hasPrefix("LISTENING ") {
            outcome.finish(.success(String(line.dropFirst("LISTENING ".count))))
          } else {
            outcome.finish(.failure(Failure(reason: "unexpected line on the server's stdout: \(line)")))
          }
        }
      }
    }
    reader.name = "oauth-server-stdout"
    reader.start()
    let watchdog = Task {
      let clock = ContinuousClock()
      let deadline = clock.now + timeout
      while clock.now < deadline {
        if !state.isRunning {
          // Let the reader deliver a line printed just before exiting.
          try? await Task.sleep(for: .milliseconds(200))
          outcome.finish(.failure(Failure(reason: "the server process exited during start-up")))
          return
        }
        try? await Task.sleep(for: .milliseconds(50))
        if Task.isCancelled { return }
      }
      outcome.finish(.failure(Failure(reason: "no LISTENING line within \(timeout)")))
    }
    defer { watchdog.cancel() }
    return try await outcome.wait()
  }
}
