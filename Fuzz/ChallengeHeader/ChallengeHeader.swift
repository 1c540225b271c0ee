// libFuzzer target: the WWW-Authenticate parser (AuthenticationChallenge.parse).
// Invariant: a header either fails with a typed ParseError or parses into challenges that,
// written back in canonical form, parse into the same challenges; parsing is deterministic.
@testable import StreamsAuth

/// The canonical text of `challenges`: quoted values with `"` and `\` escaped.
func render(_ challenges: [AuthenticationChallenge]) -> String {
  challenges.map { challenge in
    if let token68 = challenge.token68 { return "\(challenge.scheme) \(token68)" }
    if challenge.parameters.isEmpty { return challenge.scheme }
    let parameters = challenge.parameters.sorted { $0.key < $1.key }.map { name, value in
      let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      return "\(name)=\"\(escaped)\""
    }
    return "\(challenge.scheme) \(parameters.joined(separator: ", "))"
  }.joined(separator: ", ")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let first: [AuthenticationChallenge]
  do {
    first = try AuthenticationChallenge.parse(header)
  } catch {
    // The error is typed (ParseError); parsing again must fail the same way.
    guard (try? AuthenticationChallenge.parse(header)) == nil else { fatalError("parse is not deterministic") }
    return 0
  }
  let canonical = render(first)
  guard canonical.utf8.count <= AuthenticationChallenge.maximumLength else { return 0 }
  do {
    let again = try AuthenticationChallenge.parse(canonical)
    guard again == first else { fatalError("round trip changed \(first) into \(again) via \(canonical)") }
  } catch {
    fatalError("the canonical form \(canonical) of \(first) does not parse: \(error)")
  }
  return 0
}
