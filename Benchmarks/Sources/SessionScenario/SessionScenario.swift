// The request SessionLockCount and SessionWalk measure: an HTTPClient with a SessionManager's
// interceptor, over an in-process API that answers 401 to the token `expired` and 200 to any
// other, and a refresher that renews any credential at once.
import Foundation
import Streams
import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Renews any credential at once, with a fresh access token.
public struct InstantRefresher: CredentialRefresher {
  let issued = LockedCounter()

  public init() {}

  public func refresh(_ credential: Credential) async throws(AuthError) -> Credential {
    Credential(accessToken: "renewed-\(issued.next())", refreshToken: "refresh", expiresAt: nil)
  }
}

final class LockedCounter: @unchecked Sendable {
  // Unchecked: `value` is read and written only under `lock`.
  private var value = 0
  private let lock = NSLock()

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

/// An API that answers 401 to the token `expired` and 200 to any other.
public struct API: Transport {
  public init() {}

  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let expired = request.value(forHTTPHeaderField: "Authorization") == "Bearer expired"
    return HTTPResponse(statusCode: expired ? 401 : 200, url: request.url)
  }
}

/// A session, a client whose chain is `before`, the session's interceptor, then `after`, and the
/// request they send.
public struct SessionScenario: Sendable {
  public let session = SessionManager(refresher: InstantRefresher())
  public let client: HTTPClient
  public let request = URLRequest(url: URL(string: "https://api.example.com/me")!)

  public init(before: [any RequestInterceptor] = [], after: [any RequestInterceptor] = []) {
    client = HTTPClient(
      transport: API(), interceptors: before + [session.interceptor(hosts: ["api.example.com"])] + after)
  }

  /// Signs in with an expired token (the request takes the whole 401 → refresh → retry path) or a
  /// valid one (answered 200).
  public func signIn(expired: Bool) async throws {
    try await session.signIn(
      Credential(accessToken: expired ? "expired" : "valid", refreshToken: "refresh", expiresAt: nil))
  }

  /// Sends the request; it must end with 200.
  public func send() async throws {
    let response = try await client.send(request)
    precondition(response.statusCode == 200, "the request failed: \(response.statusCode)")
  }
}
