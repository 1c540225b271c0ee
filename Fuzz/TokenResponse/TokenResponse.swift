// libFuzzer target: a token endpoint's 2xx body (OAuthRefresher.credential(from:previous:receivedAt:)).
// Invariants: the body either becomes a usable Bearer credential or fails with
// AuthError.malformedTokenResponse; a credential written back as a token response reads back the same.
import Foundation
@testable import StreamsAuth

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct NoTransport: Transport {
  func send(_ request: URLRequest) async throws -> HTTPResponse { HTTPResponse(statusCode: 500) }
}

let refresher = OAuthRefresher(
  configuration: OAuthClientConfiguration(tokenEndpoint: URL(string: "https://auth.example.com/t")!, clientID: "c"),
  transport: NoTransport())
let previous = Credential(accessToken: "old", refreshToken: "old-refresh", expiresAt: nil, scope: "read", userID: "u")
let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)

func read(_ body: Data) throws(AuthError) -> Credential {
  try refresher.credential(from: HTTPResponse(statusCode: 200, body: body), previous: previous, receivedAt: receivedAt)
}

/// Equal up to the rounding of writing `expires_in` as a Double and adding it to the arrival.
func sameInstant(_ lhs: Date?, _ rhs: Date?) -> Bool {
  guard let lhs, let rhs else { return lhs == nil && rhs == nil }
  return abs(lhs.timeIntervalSince(rhs)) <= 0.001 + abs(rhs.timeIntervalSince1970) * 1e-12
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let credential: Credential
  do {
    credential = try read(Data(UnsafeBufferPointer(start: data, count: size)))
  } catch {
    guard case .malformedTokenResponse = error else { fatalError("untyped failure for a 200: \(error)") }
    return 0
  }
  guard !credential.accessToken.isEmpty, credential.tokenType == "Bearer", credential.refreshToken?.isEmpty != true,
    credential.issuedAt == receivedAt, credential.expiresAt.map({ $0 >= receivedAt }) ?? true
  else { fatalError("unusable credential \(credential)") }
  var object: [String: Any] = ["access_token": credential.accessToken, "token_type": "bearer"]
  object["refresh_token"] = credential.refreshToken
  object["scope"] = credential.scope
  if let expiresAt = credential.expiresAt { object["expires_in"] = expiresAt.timeIntervalSince(receivedAt) }
  guard let body = try? JSONSerialization.data(withJSONObject: object) else { return 0 }
  do {
    let again = try read(body)
    guard again.accessToken == credential.accessToken, again.refreshToken == credential.refreshToken,
      again.scope == credential.scope, sameInstant(again.expiresAt, credential.expiresAt)
    else { fatalError("round trip changed \(credential) into \(again)") }
  } catch {
    fatalError("the credential \(credential) written back does not read: \(error)")
  }
  return 0
}
