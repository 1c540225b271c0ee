// libFuzzer target: reading a JWT access token's exp and iat (JWTExpiry).
// Invariants: the input as a whole token and the input as a token's payload never trap; an expiry
// is always after the arrival; claims are finite NumericDates in range; and claims read from a
// payload are read back the same from a token re-encoded around just those claims.
import Foundation
@testable import StreamsAuth

let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)

func base64URL(_ data: Data) -> String {
  data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    .replacingOccurrences(of: "=", with: "")
}

func check(_ token: String) {
  if let expiresAt = JWTExpiry.expiresAt(of: token, receivedAt: receivedAt) {
    guard expiresAt > receivedAt, expiresAt.timeIntervalSince1970.isFinite else {
      fatalError("bad expiry \(expiresAt)")
    }
  }
  guard let claims = JWTExpiry.claims(of: token) else { return }
  guard claims.expiry.isFinite, claims.expiry >= 0, claims.issuedAt.map({ $0.isFinite && $0 >= 0 }) ?? true else {
    fatalError("claims out of range: \(claims)")
  }
  var payload = #"{"exp":\#(claims.expiry)"#
  if let issuedAt = claims.issuedAt { payload += #","iat":\#(issuedAt)"# }
  payload += "}"
  let rebuilt = "\(base64URL(Data(#"{"alg":"none"}"#.utf8))).\(base64URL(Data(payload.utf8)))."
  guard let again = JWTExpiry.claims(of: rebuilt), again.expiry == claims.expiry, again.issuedAt == claims.issuedAt
  else { fatalError("claims \(claims) did not survive re-encoding as \(payload)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  check(String(decoding: bytes, as: UTF8.self))
  check("\(base64URL(Data(#"{"typ":"JWT"}"#.utf8))).\(base64URL(bytes)).sig")
  return 0
}
