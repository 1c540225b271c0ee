import Foundation

/// When a JWT access token (RFC 7519) says it expires, read from its `exp` claim without
/// verifying the signature: the result only schedules a proactive refresh, and the resource
/// server still judges the token.
///
/// For a token response without `expires_in`. The lifetime is `exp − iat` when the token states
/// its issue time (both on the server's clock, so a client clock that is off does not matter),
/// counted from when the response arrived, as `expires_in` is; without `iat`, `exp` is taken as an
/// absolute date. Anything that is not a readable JWS compact token with a numeric `exp` (an
/// opaque token, an encrypted JWT, bad base64url, a payload that is not a JSON object, a claim out
/// of range) gives no expiry, as before, and an expiry that is not after the arrival (a skewed
/// clock) gives none either, so that it cannot make every request refresh.
enum JWTExpiry {
  /// Longer tokens are not read.
  static let maximumLength = 64 * 1024
  /// NumericDate claims beyond year 9999 are out of range.
  private static let latestDate: Double = 253_402_300_799

  /// The expiry `accessToken` states, counted from `receivedAt`, or `nil`.
  static func expiresAt(of accessToken: String, receivedAt: Date) -> Date? {
    guard let claims = claims(of: accessToken) else { return nil }
    let expiresAt: Date
    if let issuedAt = claims.issuedAt, issuedAt <= claims.expiry {
      expiresAt = receivedAt.addingTimeInterval(claims.expiry - issuedAt)
    } else {
      expiresAt = Date(timeIntervalSince1970: claims.expiry)
    }
    return expiresAt > receivedAt ? expiresAt : nil
  }

  /// The `exp` and `iat` claims of a JWS compact token (`header.payload.signature`), or `nil`.
  static func claims(of token: String) -> (expiry: Double, issuedAt: Double?)? {
    guard token.utf8.count <= maximumLength else { return nil }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, case .object = json(parts[0]), case .object(let payload) = json(parts[1]),
      let expiry = numericDate(payload["exp"])
    else { return nil }
    return (expiry, numericDate(payload["iat"]))
  }

  /// A NumericDate (seconds since 1970, possibly fractional) within range.
  private static func numericDate(_ value: JSONValue?) -> Double? {
    guard case .number(let seconds) = value, seconds.isFinite, seconds >= 0, seconds <= latestDate else { return nil }
    return seconds
  }

  /// The JSON value of a base64url segment (no padding, RFC 7515 §2), or `nil`.
  private static func json(_ segment: Substring) -> JSONValue? {
    guard !segment.isEmpty, segment.utf8.count % 4 != 1,
      segment.utf8.allSatisfy({ isBase64URL($0) })
    else { return nil }
    var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: base64) else { return nil }
    return try? JSONDecoder().decode(JSONValue.self, from: data)
  }

  private static func isBase64URL(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
