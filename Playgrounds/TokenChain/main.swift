// TokenChain: the four tokens of a payments app inside a messenger, against two embedded
// simulated servers (or the tests' real ones with --server). The messenger session signs in with an authorization code and PKCE; the
// payment session gets its own tokens by exchanging the messenger's access token (RFC 8693).
// Then every token expires, the payment refresh token dies too, and 100 parallel payment calls
// cause exactly one messenger refresh and one exchange. Finally the messenger server revokes the
// session, and both sessions end cleanly.
//
//   swift run TokenChain                 # 100 parallel calls
//   swift run TokenChain --requests 1000
//   swift run TokenChain --server http://127.0.0.1:P1 --payment-server http://127.0.0.1:P2
//       (django-oauth-toolkit and the payment server of Tests/StreamsAuthTests/Server, started by
//        hand: launcher.py --ignore-stdin, then launcher.py --ignore-stdin --payment-upstream URL)

import Foundation
import OAuthSimulation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("TokenChain: \(message)\n".utf8))
  exit(1)
}

let usage = "usage: TokenChain [--requests N] [--server URL --payment-server URL]"
var requests = 100
var messengerURL: URL?
var paymentURL: URL?
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func value(_ name: String) -> String {
  guard let value = arguments.first else { fail("\(name) needs a value; \(usage)") }
  arguments.removeFirst()
  return value
}
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--requests":
    guard let count = Int(value(argument)), count > 0 else { fail("--requests needs a positive number") }
    requests = count
  case "--server": messengerURL = URL(string: value(argument))
  case "--payment-server": paymentURL = URL(string: value(argument))
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    fail("unknown argument \(argument); \(usage)")
  }
}

let backend: any Backend
if let messengerURL, let paymentURL {
  do {
    backend = try await LiveBackend.make(messengerURL: messengerURL, paymentURL: paymentURL)
  } catch {
    fail("the servers at \(messengerURL) and \(paymentURL) did not answer: \(error)")
  }
  print("TokenChain against django-oauth-toolkit at \(messengerURL) and the payment server at \(paymentURL)\n")
} else if messengerURL != nil || paymentURL != nil {
  fail("--server and --payment-server go together; \(usage)")
} else {
  backend = SimulationBackend()
  print("TokenChain against two embedded simulated servers\n")
}

// The two sessions: configuration, not a second API.
let messenger = SessionManager(
  oauth: backend.messengerClient, transport: backend.messengerTransport, scheduler: backend.clock, name: "messenger")
let payment = SessionManager(
  dependingOn: messenger, exchange: .rfc8693(client: backend.paymentClient, audience: "payments"),
  transport: backend.paymentTransport, scheduler: backend.clock, name: "payment")
let paymentHost = backend.paymentResource.port.map { "\(backend.paymentResource.host ?? ""):\($0)" }
let client = HTTPClient(
  transport: backend.paymentTransport,
  interceptors: [payment.interceptor(hosts: [paymentHost ?? backend.paymentResource.host ?? ""])])

// Events, as the app would log them (tokens redacted). The closure touches no main-actor state
// and runs where the session emits, so it is @Sendable: nonisolated, and not checked.
let subscriptions = [messenger, payment].map { session in
  let name = session.name
  return session.events.subscribe(
    onNext: { @Sendable event in
      if case .initialSession = event { return }
      print("  [\(name)] \(event)")
    })
}

func parallelPayments(_ count: Int) async -> [Result<HTTPResponse, AuthError>] {
  await withTaskGroup(of: Result<HTTPResponse, AuthError>.self) { group in
    for _ in 0..<count {
      group.addTask {
        do {
          return .success(try await client.send(URLRequest(url: backend.paymentResource)))
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
  try await messenger.signIn(authorization: backend.authorization, userAgent: backend.userAgent(), userID: "ada")

  print("\n2. Call the payment API: the payment session exchanges the messenger token for its own:")
  let first = try await client.send(URLRequest(url: backend.paymentResource))
  print("  GET \(backend.paymentResource.path): \(first.statusCode) \(String(decoding: first.body, as: UTF8.self))")

  print("\n3. Every token expires, and the payment refresh token is dead too; \(requests) parallel payment calls:")
  try await backend.expireEverything(messenger: messenger.validSession(), payment: payment.validSession())
  let before = try await backend.counters()
  let storm = await parallelPayments(requests)
  let after = try await backend.counters()
  let succeeded = storm.filter { (try? $0.get())?.statusCode == 200 }.count
  let refreshes = after.refreshes - before.refreshes
  let exchanges = after.exchanges - before.exchanges
  let paymentRefreshes = after.paymentRefreshes - before.paymentRefreshes
  print("  \(succeeded)/\(requests) calls succeeded")
  print("  messenger refreshes: \(refreshes)")
  print("  payment exchanges:   \(exchanges) (after \(paymentRefreshes) rejected payment refresh)")
  print("  reuse detected:      \(after.reuse)")
  guard succeeded == requests, refreshes == 1, exchanges == 1, paymentRefreshes == 1, after.reuse == 0 else {
    fail("expected one messenger refresh and one exchange, every call succeeding")
  }

  print("\n4. The messenger server revokes the session; the payment tokens expire again; \(requests) calls:")
  let messengerCredential = try await messenger.validSession()
  try await backend.expireEverything(messenger: messengerCredential, payment: payment.validSession())
  try await backend.revokeMessenger(messengerCredential)
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
