import Dispatch
import Foundation
import Streams
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What `HTTPClient` tells interceptors about a request across its attempts and redirects.
@Suite("RequestContext: attempts, redirects and the origin, as interceptors see them", .timeLimit(.minutes(1)))
struct RequestContextTests {
  /// What an interceptor saw: at each adapt and each retry, the attempt, the redirects of the
  /// attempt and whether the request crossed origins.
  final class Witness: RequestInterceptor, @unchecked Sendable {
    struct Seen: Equatable, Sendable {
      let step: String
      let attempt: Int
      let redirects: Int
      let crossed: Bool
    }

    let seen = Observed<[Seen]>([])

    private func record(_ step: String, _ context: RequestContext) {
      let fact = Seen(
        step: step, attempt: context.attempt, redirects: context.redirectCount, crossed: context.hasCrossedOrigin)
      seen.update { $0.append(fact) }
    }

    func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest {
      record("adapt", context)
      return request
    }

    func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async -> RetryDecision {
      record("retry", context)
      return .retry
    }
  }

  @Test("Attempts count from 1; redirects count per attempt; crossing an origin stays crossed for later attempts")
  func factsAcrossAttempts() async throws {
    let transport = TestTransport { request in
      switch (request.url?.host, request.url?.path) {
      case ("api.example.com", "/start"):
        return HTTPResponse(statusCode: 302, headers: ["Location": "/next"], url: request.url)
      case ("api.example.com", "/next"):
        return HTTPResponse(statusCode: 307, headers: ["Location": "https://cdn.example.org/end"], url: request.url)
      default:
        return HTTPResponse(statusCode: 500, url: request.url)
      }
    }
    let witness = Witness()
    let client = HTTPClient(transport: transport, interceptors: [witness], configuration: .init(maximumAttempts: 3))
    let response = try await client.send(URLRequest(url: URL(string: "https://api.example.com/start")!))
    #expect(response.statusCode == 500)
    typealias Seen = Witness.Seen
    #expect(
      witness.seen.current == [
        Seen(step: "adapt", attempt: 1, redirects: 0, crossed: false),
        Seen(step: "retry", attempt: 1, redirects: 2, crossed: true),
        Seen(step: "adapt", attempt: 2, redirects: 0, crossed: true),
        Seen(step: "retry", attempt: 2, redirects: 2, crossed: true),
        Seen(step: "adapt", attempt: 3, redirects: 0, crossed: true),
      ])
  }

  @Test("Contexts made on many threads at once get distinct, increasing ids")
  func distinctIDs() {
    let ids = Locked<[UInt64]>([])
    DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
      let id = RequestContext(originalRequest: URLRequest(url: URL(string: "https://api.example.com/")!)).id
      ids.withLock { $0.append(id) }
    }
    let all = ids.value
    #expect(Set(all).count == 1_000)
    let next = RequestContext(originalRequest: URLRequest(url: URL(string: "https://api.example.com/")!)).id
    #expect(all.allSatisfy { $0 < next })
  }
}
