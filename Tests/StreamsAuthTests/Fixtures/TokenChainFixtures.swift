import Foundation
@testable import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The payment token server's `/pay/test/...` endpoints (`oauthserver/payment.py`), for one
/// client id: each test uses its own, so its counters are its own.
struct PaymentServerControl: Sendable {
  struct Counters: Decodable, Sendable, Equatable {
    var tokenCalls: Int
    var exchangeCalls: Int
    var exchangesIssued: Int
    var exchangeRejections: Int
    var introspections: Int
    var refreshCalls: Int
    var rotations: Int
    var reuseDetections: Int
    var unknownRefreshTokens: Int
    var resourceCalls: Int
    var resource200: Int
    var resource401: Int

    enum CodingKeys: String, CodingKey {
      case tokenCalls = "token_calls"
      case exchangeCalls = "exchange_calls"
      case exchangesIssued = "exchanges_issued"
      case exchangeRejections = "exchange_rejections"
      case introspections
      case refreshCalls = "refresh_calls"
      case rotations
      case reuseDetections = "reuse_detections"
      case unknownRefreshTokens = "unknown_refresh_tokens"
      case resourceCalls = "resource_calls"
      case resource200 = "resource_200"
      case resource401 = "resource_401"
    }
  }

  let server: OAuthTestServer
  let clientID: String

  var tokenURL: URL { server.baseURL.appendingPathComponent("pay/token/") }
  var resourceURL: URL { server.baseURL.appendingPathComponent("pay/api/balance") }

  func counters() async throws -> Counters {
    try await server.control.get("pay/test/counters", query: ["client_id": clientID])
  }

  func expireAccessTokens() async throws {
    let _: OAuthControlClient.Ignored = try await server.control.post(
      "pay/test/expire-access-tokens", ["client_id": clientID])
  }

  func revokeRefreshTokens() async throws {
    let _: OAuthControlClient.Ignored = try await server.control.post(
      "pay/test/revoke-refresh-tokens", ["client_id": clientID])
  }
}
