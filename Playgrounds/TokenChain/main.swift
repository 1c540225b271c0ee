// TokenChain: the four tokens of a payments app inside a messenger, against two embedded
// simulated servers. The messenger session signs in with an authorization code and PKCE; the
// payment session gets its own tokens by exchanging the messenger's access token (RFC 8693).
// Then every token expires, the payment refresh token dies too, and 100 parallel payment calls
// cause exactly one messenger refresh and one exchange. Finally the messenger server revokes the
// session, and both sessions end cleanly.
//
//   swift run TokenChain                 # 100 parallel calls
//   swift run TokenChain --requests 1000

import Foundation
import RefreshStormSimulation
import Streams
import StreamsAuth
// The movable clock of the test support target: it expires every token at once, without waiting.
import StreamsTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("TokenChain: \(message)\n".utf8))
  exit(1)
}

var requests = 100
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--requests":
    guard let value = arguments.first.flatMap(Int.init), value > 0 else { fail("--requests needs a positive number") }
    arguments.removeFirst()
    requests = value
  case "--help", "-h":
    print("usage: TokenChain [--requests N]")
    exit(0)
  default:
    fail("unknown argument \(argument); usage: TokenChain [--requests N]")
  }
}

let clock = MovableClockScheduler()
let messengerServer = OAuthServerSimulation(
  configuration: .init(baseURL: URL(string: "https://messenger.example.com")!, clientID: "messenger-app"),
  scheduler: clock)
let paymentServer = OAuthServerSimulation(
  configuration: .init(baseURL: URL(string: "https://pay.example.com")!, clientID: "payment-app"), scheduler: clock,
  upstream: messengerServer)

// The two sessions: configuration, not a second API.
let messenger = SessionManager(
  oauth: messengerServer.oauthConfiguration, transport: messengerServer, scheduler: clock, name: "messenger")
let payment = SessionManager(
  dependingOn: messenger, exchange: .rfc8693(client: paymentServer.oauthConfiguration, audience: "payments"),
  transport: paymentServer, scheduler: clock, name: "payment")
let client = HTTPClient(transport: paymentServer, interceptors: [payment.interceptor(hosts: ["pay.example.com"])])

// Events, as the app would log them (tokens redacted). The closure touches no main-actor state
// and runs where the session emits, so it is @Sendable with `isolation: nil`.
let subscriptions = [messenger, payment].map { session in
  let name = session.name
  return session.events.subscribe(
    onNext: { @Sendable event in
      if case .initialSession = event { return }
      print("  [\(name)] \(event)")
    }, isolation: nil)
}

func parallelPayments(_ count: Int) async -> [Result<HTTPResponse, AuthError>] {
  await withTaskGroup(of: Result<HTTPResponse, AuthError>.self) { group in
    for _ in 0..<count {
      group.addTask {
        do {
          return .success(try await client.send(URLRequest(url: paymentServer.resourceURL)))
        } catch {
          return .failure(error as? AuthError ?? .cancelled)
        }
      }
    }
    var results: [Result<HTTPResponse, AuthError>] = []
    for await result in group { results.append(result) }
    return results
  }
}

do {
  try await messenger.restore()
  try await payment.restore()

  print("1. Sign in to the messenger with an authorization code (PKCE S256, state checked):")
  let authorization = AuthorizationConfiguration(
    authorizationEndpoint: URL(string: "https://messenger.example.com/o/authorize/")!,
    redirectURI: URL(string: "com.example.messenger:/oauth/callback")!, scopes: ["read", "write"])
  try await messenger.signIn(
    authorization: authorization, userAgent: SimulatedBrowser(server: messengerServer, userID: "ada"), userID: "ada")

  print("\n2. Call the payment API: the payment session exchanges the messenger token for its own:")
  let first = try await client.send(URLRequest(url: paymentServer.resourceURL))
  print("  GET /api/me on the payment server: \(first.statusCode) \(String(decoding: first.body, as: UTF8.self))")

  print("\n3. Every token expires, and the payment refresh token is dead too; \(requests) parallel payment calls:")
  let paymentCredential = try await payment.validSession()
  clock.moveClock(by: 301)
  paymentServer.revokeFamily(of: paymentCredential.refreshToken ?? "")
  let messengerBefore = messengerServer.statistics
  let paymentBefore = paymentServer.statistics
  let storm = await parallelPayments(requests)
  let succeeded = storm.filter { (try? $0.get())?.statusCode == 200 }.count
  let messengerRefreshes = messengerServer.statistics.rotations - messengerBefore.rotations
  let exchanges = paymentServer.statistics.tokenExchanges - paymentBefore.tokenExchanges
  let paymentRefreshAttempts =
    paymentServer.statistics.tokenRequests - paymentBefore.tokenRequests - exchanges
  print("  \(succeeded)/\(requests) calls succeeded")
  print("  messenger refreshes: \(messengerRefreshes)")
  print("  payment exchanges:   \(exchanges) (after \(paymentRefreshAttempts) rejected payment refresh)")
  print(
    "  reuse detected:      \(messengerServer.statistics.reuseDetections + paymentServer.statistics.reuseDetections)")
  guard succeeded == requests, messengerRefreshes == 1, exchanges == 1, paymentRefreshAttempts == 1 else {
    fail("expected one messenger refresh and one exchange, every call succeeding")
  }

  print("\n4. The messenger server revokes the session; the payment tokens expire again; \(requests) calls:")
  messengerServer.revokeFamily(of: try await messenger.validSession().refreshToken ?? "")
  paymentServer.revokeFamily(of: try await payment.validSession().refreshToken ?? "")
  clock.moveClock(by: 301)
  let ended = await parallelPayments(requests)
  let reasons = Set(
    ended.map { result -> String in
      switch result {
      case .success(let response): return "HTTP \(response.statusCode)"
      case .failure(.upstreamSignedOut(let session, _)): return "upstreamSignedOut(\(session))"
      case .failure(let error): return "\(error)"
      }
    })
  print("  every call failed with: \(reasons.sorted().joined(separator: ", "))")
  print("  messenger signed in: \(messenger.isSignedIn), payment signed in: \(payment.isSignedIn)")
  guard !messenger.isSignedIn, !payment.isSignedIn, !ended.contains(where: { (try? $0.get()) != nil }) else {
    fail("both sessions should have ended")
  }
  print("\nBoth sessions ended cleanly: one refresh and one exchange under \(requests) parallel calls.")
} catch {
  fail("\(error)")
}
subscriptions.forEach { $0.dispose() }
