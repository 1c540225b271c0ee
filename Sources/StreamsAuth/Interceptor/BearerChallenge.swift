/// What a response's `Bearer` challenges (RFC 6750 §3) say about the token the request carried.
///
/// Every `WWW-Authenticate` field of the response is read (header names ignore case; a field may
/// hold several comma-separated challenges). Challenges of other schemes are ignored, and so is a
/// field that does not parse: hostile or broken input counts as no challenge.
enum BearerChallenge: Sendable, Equatable {
  /// No `Bearer` challenge with an error code: no header, a malformed one, other schemes only, or
  /// `Bearer realm=…` alone (RFC 6750 §3.1: the request carried no usable token).
  case none
  /// `error="invalid_token"`: expired, revoked or malformed; a renewed token may work.
  case invalidToken
  /// `error="insufficient_scope"`: the token lacks a scope; `scope` is the one required, if named.
  case insufficientScope(scope: String?)
  /// Another error code (`invalid_request`, or one this version does not know): not the token's
  /// freshness, so refreshing cannot help.
  case otherError(String)

  /// The verdict of `response`'s challenges: the first `Bearer` challenge with an `error` decides.
  init(_ response: HTTPResponse) {
    let fields = response.headers.filter { $0.key.lowercased() == "www-authenticate" }.sorted { $0.key < $1.key }
    for field in fields {
      guard let challenges = try? AuthenticationChallenge.parse(field.value) else { continue }
      for challenge in challenges where challenge.scheme == "bearer" {
        guard let error = challenge.parameters["error"] else { continue }
        switch error {
        case "invalid_token": self = .invalidToken
        case "insufficient_scope": self = .insufficientScope(scope: challenge.parameters["scope"])
        default: self = .otherError(error)
        }
        return
      }
    }
    self = .none
  }
}
