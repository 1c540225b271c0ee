/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): a scheme, then either a
/// token68 or auth-params.
///
/// Parsing is strict where a lenient reading could be exploited: an unterminated quoted string, a
/// parameter without a value, a parameter named twice in one challenge or a character outside the
/// grammar make the whole header malformed (a typed ``ParseError``), and the interceptor then
/// treats the response as a bare 401. Parameter names and schemes compare without regard to case;
/// quoted values are unescaped.
///
/// Depends on nothing but the standard library, so the fuzz target compiles it on its own.
struct AuthenticationChallenge: Sendable, Hashable {
  /// Why a header is not a list of challenges; `offset` counts UTF-8 bytes from the start.
  enum ParseError: Error, Sendable, Hashable {
    /// A scheme (a token) was expected at `offset`.
    case expectedScheme(offset: Int)
    /// A parameter's value (a token or a quoted string) was expected at `offset`.
    case expectedValue(offset: Int)
    /// The quoted string opened at `offset` never closes.
    case unterminatedQuotedString(offset: Int)
    /// A byte the grammar does not allow here.
    case unexpectedCharacter(offset: Int)
    /// A challenge names the parameter `name` twice (RFC 9110: each name at most once).
    case duplicateParameter(String)
    /// The header is longer than ``maximumLength`` bytes.
    case tooLong
  }

  /// Longer headers are refused unread.
  static let maximumLength = 16 * 1024

  /// The scheme, lowercased (`bearer`, `basic`, `dpop`, …).
  let scheme: String
  /// The token68 form (`Negotiate abc==`), if the challenge uses it.
  let token68: String?
  /// The auth-params, names lowercased, values unescaped.
  let parameters: [String: String]

  /// Every challenge in one header value, in order.
  static func parse(_ header: String) throws(ParseError) -> [AuthenticationChallenge] {
    var parser = ChallengeParser(Array(header.utf8))
    guard parser.bytes.count <= maximumLength else { throw .tooLong }
    return try parser.challenges()
  }
}

/// The recursive-descent reader behind ``AuthenticationChallenge/parse(_:)``.
private struct ChallengeParser {
  typealias ParseError = AuthenticationChallenge.ParseError

  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func challenges() throws(ParseError) -> [AuthenticationChallenge] {
    var result: [AuthenticationChallenge] = []
    skipSeparators()
    while current != nil {
      result.append(try challenge())
      skipWhitespace()
      if current == nil { break }
      guard current == UInt8(ascii: ",") else { throw .unexpectedCharacter(offset: position) }
      skipSeparators()
    }
    return result
  }

  /// `auth-scheme [ 1*SP ( token68 / #auth-param ) ]`, up to the comma that ends it.
  private mutating func challenge() throws(ParseError) -> AuthenticationChallenge {
    let schemeStart = position
    guard let scheme = token() else { throw .expectedScheme(offset: schemeStart) }
    let afterScheme = position
    skipWhitespace()
    guard position > afterScheme, current != nil, current != UInt8(ascii: ",") else {
      return AuthenticationChallenge(scheme: scheme.lowercased(), token68: nil, parameters: [:])
    }
    if let token68 = token68() {
      return AuthenticationChallenge(scheme: scheme.lowercased(), token68: token68, parameters: [:])
    }
    var parameters: [String: String] = [:]
    while true {
      let (name, value) = try parameter()
      guard parameters.updateValue(value, forKey: name) == nil else { throw .duplicateParameter(name) }
      skipWhitespace()
      guard current == UInt8(ascii: ","), nextElementIsParameter() else { break }
      skipSeparators()
    }
    return AuthenticationChallenge(scheme: scheme.lowercased(), token68: nil, parameters: parameters)
  }

  /// `token BWS "=" BWS ( token / quoted-string )`, the name lowercased.
  private mutating func parameter() throws(ParseError) -> (String, String) {
    let start = position
    guard let name = token() else { throw .unexpectedCharacter(offset: start) }
    skipWhitespace()
    guard current == UInt8(ascii: "=") else { throw .unexpectedCharacter(offset: position) }
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "\"") { return (name.lowercased(), try quotedString()) }
    guard let value = token() else { throw .expectedValue(offset: position) }
    return (name.lowercased(), value)
  }

  /// At a comma: whether the next list element is `name=` (a parameter of this challenge) rather
  /// than a new challenge. Moves nothing.
  private func nextElementIsParameter() -> Bool {
    var probe = self
    probe.skipSeparators()
    guard probe.token() != nil else { return false }
    probe.skipWhitespace()
    return probe.current == UInt8(ascii: "=")
  }

  /// `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="` when the challenge ends right
  /// after it; otherwise nothing is consumed.
  private mutating func token68() -> String? {
    var probe = self
    let start = probe.position
    while let byte = probe.current, Self.isToken68(byte) { probe.position += 1 }
    guard probe.position > start else { return nil }
    while probe.current == UInt8(ascii: "=") { probe.position += 1 }
    let end = probe.position
    probe.skipWhitespace()
    guard probe.current == nil || probe.current == UInt8(ascii: ",") else { return nil }
    let value = String(decoding: bytes[start..<end], as: UTF8.self)
    self = probe
    return value
  }

  private mutating func token() -> String? {
    let start = position
    while let byte = current, Self.isTokenCharacter(byte) { position += 1 }
    guard position > start else { return nil }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// `DQUOTE *( qdtext / quoted-pair ) DQUOTE`, unescaped.
  private mutating func quotedString() throws(ParseError) -> String {
    let start = position
    position += 1
    var value: [UInt8] = []
    while let byte = current {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: value, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = current else { throw .unterminatedQuotedString(offset: start) }
        guard Self.isQuotable(escaped) else { throw .unexpectedCharacter(offset: position) }
        value.append(escaped)
        position += 1
      case _ where Self.isQuotedText(byte):
        value.append(byte)
      default:
        throw .unexpectedCharacter(offset: position - 1)
      }
    }
    throw .unterminatedQuotedString(offset: start)
  }

  private mutating func skipWhitespace() {
    while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
  }

  /// Whitespace and the commas of empty list elements (RFC 9110 §5.6.1).
  private mutating func skipSeparators() {
    while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: ",") {
      position += 1
    }
  }

  /// `tchar`: visible ASCII except delimiters.
  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }

  /// A character of `token68` (RFC 9110 §11.2) other than the trailing `=` padding.
  private static func isToken68(_ byte: UInt8) -> Bool {
    isAlphanumeric(byte) || "-._~+/".utf8.contains(byte)
  }

  /// ASCII `ALPHA` or `DIGIT`, the letters both `tchar` and `token68` start from.
  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return false
    }
  }

  /// `qdtext`: HTAB, SP, visible ASCII but `"` and `\`, and obs-text.
  private static func isQuotedText(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x20 || byte == 0x21 || (0x23...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
      || byte >= 0x80
  }

  /// What may follow `\` in a quoted-pair: HTAB, SP, visible ASCII, obs-text.
  private static func isQuotable(_ byte: UInt8) -> Bool {
    byte == 0x09 || (0x20...0x7E).contains(byte) || byte >= 0x80
  }
}
