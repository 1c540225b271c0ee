// libFuzzer target: the redirect URL a browser hands back after sign-in
// (AuthorizationRequest.code(from:)), which an attacker can craft.
// Invariants: it either yields a non-empty code, only when the redirect is under the redirect URI
// and carries the request's state, or fails with a typed AuthError.authorization; the code it
// yields, sent back in a well-formed redirect, reads back the same.
import Foundation
import StreamsAuth

let request = try! AuthorizationRequest(
  configuration: AuthorizationConfiguration(
    authorizationEndpoint: URL(string: "https://auth.example.com/o/authorize/")!,
    redirectURI: URL(string: "com.example.app:/oauth/callback")!),
  clientID: "app", state: "fuzz-state")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let redirect = URL(string: text) else { return 0 }
  let code: String
  do {
    code = try request.code(from: redirect)
  } catch {
    guard case .authorization = error else { fatalError("untyped failure for a redirect: \(error)") }
    return 0
  }
  guard !code.isEmpty else { fatalError("an empty code from \(text)") }
  guard redirect.scheme?.lowercased() == "com.example.app", redirect.path == "/oauth/callback",
    text.contains("fuzz-state")
  else { fatalError("a code from a redirect that is not the request's: \(text)") }
  var components = URLComponents(string: "com.example.app:/oauth/callback")!
  components.queryItems = [URLQueryItem(name: "state", value: "fuzz-state"), URLQueryItem(name: "code", value: code)]
  guard let again = components.url, (try? request.code(from: again)) == code else {
    fatalError("the code \(code) written back does not read back")
  }
  return 0
}
