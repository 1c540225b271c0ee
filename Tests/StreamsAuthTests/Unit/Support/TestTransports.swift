import Foundation
@testable import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A transport answered by a closure, recording every request.
final class TestTransport: Transport, @unchecked Sendable {
  let requests = Observed<[URLRequest]>([])
  private let handler: @Sendable (URLRequest) async throws -> HTTPResponse

  init(_ handler: @escaping @Sendable (URLRequest) async throws -> HTTPResponse) {
    self.handler = handler
  }

  func send(_ request: URLRequest) async throws -> HTTPResponse {
    requests.update { $0.append(request) }
    return try await handler(request)
  }
}

/// Wraps a server (usually the simulation) so that the test decides when token and resource
/// responses go back, and can wait for traffic.
final class GatedTransport: Transport, @unchecked Sendable {
  struct Traffic: Sendable {
    var tokenRequests = 0
    var tokenResponses = 0
    var resourceRequests = 0
    var resourceResponses = 0
    var unauthorized = 0
    var successes = 0
    var authorizationHeaders: [String: [String?]] = [:]
  }

  let base: any Transport
  let tokenPath: String
  let traffic = Observed(Traffic())
  private let tokenGates = Locked<[Gate]>([])
  private let resourceGate = Locked<(@Sendable (Int, URLRequest) -> Gate?)?>(nil)

  init(base: any Transport, tokenEndpoint: URL) {
    self.base = base
    self.tokenPath = tokenEndpoint.path
  }

  /// The next token request's response waits at the returned gate (the server has already acted).
  func holdNextTokenResponse() -> Gate {
    let gate = Gate()
    tokenGates.withLock { $0.append(gate) }
    return gate
  }

  /// Resource request number `n` (1-based, in arrival order) waits at the gate `choose(n)` returns
  /// before the server sees it.
  func holdResourceRequests(_ choose: @escaping @Sendable (Int) -> Gate?) {
    holdResourceRequests { number, _ in choose(number) }
  }

  /// Like ``holdResourceRequests(_:)``, choosing by the request too.
  func holdResourceRequests(_ choose: @escaping @Sendable (Int, URLRequest) -> Gate?) {
    resourceGate.value = choose
  }

  func send(_ request: URLRequest) async throws -> HTTPResponse {
    let isToken = request.url?.path == tokenPath
    var number = 0
    traffic.update { traffic in
      if isToken {
        traffic.tokenRequests += 1
      } else {
        traffic.resourceRequests += 1
        number = traffic.resourceRequests
      }
      traffic.authorizationHeaders[request.url?.host ?? "", default: []].append(
        request.value(forHTTPHeaderField: "Authorization"))
    }
    if isToken {
      let response = try await base.send(request)
      let gate = tokenGates.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      try await gate?.waitUnlessCancelled()
      traffic.update { $0.tokenResponses += 1 }
      return response
    }
    let gate = resourceGate.value?(number, request)
    try await gate?.waitUnlessCancelled()
    let response = try await base.send(request)
    traffic.update {
      $0.resourceResponses += 1
      if response.statusCode == 401 { $0.unauthorized += 1 }
      if response.isSuccess { $0.successes += 1 }
    }
    return response
  }
}

func jsonResponse(_ status: Int, _ body: String, url: URL? = nil, headers: [String: String] = [:]) -> HTTPResponse {
  var all = ["Content-Type": "application/json"]
  all.merge(headers) { _, new in new }
  return HTTPResponse(statusCode: status, headers: all, body: Data(body.utf8), url: url)
}
