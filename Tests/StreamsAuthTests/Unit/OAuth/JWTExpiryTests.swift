import Foundation
@testable import StreamsAuth
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A token response without `expires_in` takes the expiry from a JWT access token's `exp` claim.
@Suite("Expiry from a JWT access token", .timeLimit(.minutes(1)))
struct JWTExpiryTests {
  let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)
  let previous = Credential(accessToken: "old", refreshToken: "old-refresh", expiresAt: nil)

  static func segment(_ json: String) -> String {
    Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static func jwt(_ payload: String, header: String = #"{"alg":"RS256","typ":"at+jwt"}"#) -> String {
    "\(JWTExpiryTests.segment(header)).\(segment(payload)).c2lnbmF0dXJl"
  }

  func refreshed(accessToken: String, expiresIn: String? = nil) throws -> Credential {
    let refresher = OAuthRefresher(
      configuration: OAuthClientConfiguration(tokenEndpoint: URL(string: "https://auth.example.com/t")!, clientID: "c"),
      transport: TestTransport { _ in jsonResponse(500, "{}") })
    let expiry = expiresIn.map { #", "expires_in": \#($0)"# } ?? ""
    let body = #"{"access_token": "\#(accessToken)", "token_type": "Bearer"\#(expiry)}"#
    return try refresher.credential(from: jsonResponse(200, body), previous: previous, receivedAt: receivedAt)
  }

  @Test("exp − iat counted from the arrival, so a client clock that is off does not matter")
  func lifetimeFromIssueTime() throws {
    // Issued and expiring a day in the "past" by the client's clock: the lifetime still counts.
    let token = Self.jwt(#"{"sub":"ada","iat":1699913600,"exp":1699917200.5}"#)
    let credential = try refreshed(accessToken: token)
    #expect(credential.expiresAt == receivedAt.addingTimeInterval(3600.5))
    #expect(credential.issuedAt == receivedAt)
    // The usual leeway rules apply: a quarter of the lifetime at most.
    #expect(RefreshPolicy(leeway: 3000).leeway(for: credential) == 900.125)
  }

  @Test("Without iat, exp is an absolute date; expires_in, when present, wins")
  func absoluteExpiry() throws {
    let token = Self.jwt(#"{"exp":1700000600}"#)
    #expect(try refreshed(accessToken: token).expiresAt == Date(timeIntervalSince1970: 1_700_000_600))
    #expect(try refreshed(accessToken: token, expiresIn: "60").expiresAt == receivedAt.addingTimeInterval(60))
  }

  @Test(
    "Anything but a readable JWT with a numeric exp after the arrival gives no expiry, and no error",
    arguments: [
      "opaque-token-0123456789",
      "a.b",
      "a.b.c.d.e",
      JWTExpiryTests.jwt(#"{"exp":"1700000600"}"#),
      JWTExpiryTests.jwt(#"{"exp":1e300}"#),
      JWTExpiryTests.jwt(#"{"exp":-5}"#),
      JWTExpiryTests.jwt(#"{"exp":1699999999}"#),
      JWTExpiryTests.jwt(#"[1700000600]"#),
      JWTExpiryTests.jwt(#"{"exp":1700000600}"#, header: "not json"),
      "\(JWTExpiryTests.segment("{}")).\(JWTExpiryTests.segment(#"{"exp":1700000600}"#))=.sig",
      "\(JWTExpiryTests.segment("{}")).e30.sig",
      "\(JWTExpiryTests.segment("{}")).!!!!.sig",
      "\(JWTExpiryTests.segment("{}")).a.sig",
      "..",
      String(repeating: "a", count: 70_000) + ".e30.x",
    ])
  func unreadable(token: String) throws {
    #expect(try refreshed(accessToken: token).expiresAt == nil)
  }
}
