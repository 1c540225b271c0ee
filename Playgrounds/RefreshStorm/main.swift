// RefreshStorm: N parallel requests whose access token the server no longer accepts, handled by
// the well-known flag-and-PublishSubject interceptor and by StreamsAuth's SessionManager, side by
// side, against an embedded OAuth server simulation (rotation + reuse detection) or a real server.
//
//   swift run RefreshStorm                        # 100 requests against the simulation
//   swift run RefreshStorm --requests 1000
//   swift run RefreshStorm --server http://127.0.0.1:8000 --client-id demo --refresh-token RT \
//       [--client-secret S] [--token-path /o/token/] [--resource-path /api/me]

import Foundation
import OAuthSimulation
import StreamsAuth

struct Options {
  var requests = 100
  var timeout: TimeInterval = 2
  var server: URL?
  var clientID = ""
  var clientSecret: String?
  var refreshToken = ""
  var tokenPath = "/o/token/"
  var resourcePath = "/api/me"
  var seed: UInt64 = 42

  static let usage = """
    usage: RefreshStorm [--requests N] [--timeout SECONDS] [--seed N]
                        [--server URL --client-id ID [--client-secret SECRET] --refresh-token TOKEN
                         [--token-path PATH] [--resource-path PATH]]
    """

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    func value(_ name: String) -> String {
      index += 1
      guard index < arguments.count else { fail("\(name) needs a value") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--requests":
        guard let count = Int(value(argument)), count > 0 else { fail("--requests needs a positive number") }
        options.requests = count
      case "--timeout":
        guard let seconds = TimeInterval(value(argument)), seconds > 0 else { fail("--timeout needs seconds") }
        options.timeout = seconds
      case "--seed":
        guard let seed = UInt64(value(argument)) else { fail("--seed needs a number") }
        options.seed = seed
      case "--server":
        guard let url = URL(string: value(argument)), url.host != nil else { fail("--server needs a URL") }
        options.server = url
      case "--client-id": options.clientID = value(argument)
      case "--client-secret": options.clientSecret = value(argument)
      case "--refresh-token": options.refreshToken = value(argument)
      case "--token-path": options.tokenPath = value(argument)
      case "--resource-path": options.resourcePath = value(argument)
      case "--help", "-h":
        print(usage)
        exit(0)
      default: fail("unknown option \(argument)")
      }
      index += 1
    }
    if options.server != nil && (options.clientID.isEmpty || options.refreshToken.isEmpty) {
      fail("--server needs --client-id and --refresh-token")
    }
    return options
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("RefreshStorm: \(message)\n\(usage)\n".utf8))
    exit(2)
  }
}

func simulation(seed: UInt64) -> OAuthServerSimulation {
  OAuthServerSimulation(
    configuration: .init(
      accessTokenLifetime: 300, gracePeriod: 0, tokenLatency: 0.020...0.040, resourceLatency: 0.002...0.060,
      seed: seed))
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
var reports: [RefreshStorm.Report] = []

if let server = options.server {
  print("RefreshStorm: \(options.requests) parallel requests against \(server.absoluteString)")
  print("with an access token the server rejects; Streams runs first, then the pattern with the")
  print("refresh token Streams ended with (a reuse detection there would revoke it for both).\n")
  let oauth = OAuthClientConfiguration(
    tokenEndpoint: server.appendingPathComponent(options.tokenPath), clientID: options.clientID,
    clientSecret: options.clientSecret)
  let target = RefreshStorm.Target(
    transport: URLSessionTransport(), oauth: oauth, resourceURL: server.appendingPathComponent(options.resourcePath))
  var credential = Credential(accessToken: "expired-access-token", refreshToken: options.refreshToken, expiresAt: nil)
  let streams = await RefreshStorm.run(
    .sessionManager, requests: options.requests, credential: credential, target: target, timeout: options.timeout)
  if let final = streams.finalCredential {
    credential = Credential(accessToken: "expired-access-token", refreshToken: final.refreshToken, expiresAt: nil)
  }
  let classic = await RefreshStorm.run(
    .flagAndPublishSubject, requests: options.requests, credential: credential, target: target,
    timeout: options.timeout)
  reports = [classic, streams]
} else {
  print("RefreshStorm: \(options.requests) parallel requests against the embedded OAuth server simulation")
  print("(refresh-token rotation, reuse detection revokes the family, no grace period; token round trip")
  print("20-40 ms, resource round trip 2-60 ms). The access token has expired on the server; the client")
  print(
    "cannot tell, so every request gets 401. Requests still waiting after \(options.timeout) s count as unfinished.\n")
  for strategy in [RefreshStorm.Strategy.flagAndPublishSubject, .sessionManager] {
    let server = simulation(seed: options.seed)
    let credential = server.signIn(userID: "ada", clientKnowsExpiry: false)
    server.expireAccessTokens()
    reports.append(
      await RefreshStorm.run(
        strategy, requests: options.requests, credential: credential, target: .simulation(server),
        timeout: options.timeout))
  }
}

print(RefreshStorm.table(reports))
print()
for report in reports {
  var problems: [String] = []
  if report.tokenCalls > 1 { problems.append("\(report.tokenCalls) refreshes for one expired token") }
  if let reuse = report.reuseDetections, reuse > 0 {
    problems.append("\(reuse) reuse detection(s): the server revoked the session")
  }
  if report.unfinished > 0 { problems.append("\(report.unfinished) request(s) would have waited forever") }
  if report.failures > 0 { problems.append("\(report.failures) request(s) failed") }
  if !report.sessionStillValid { problems.append("the user is logged out") }
  print(
    "\(report.strategy.rawValue): "
      + (problems.isEmpty
        ? "one refresh, every request succeeded, session kept." : problems.joined(separator: "; ") + "."))
}
