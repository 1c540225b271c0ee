import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A complete HTTP response: status, headers and body.
///
/// Its description, debug description and mirror (`dump`) never include the body, which may
/// hold tokens, nor the URL's query or credential-bearing headers.
public struct HTTPResponse: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The status code.
  public var statusCode: Int
  /// The header fields. Look them up with ``value(forHeader:)``, which ignores case.
  public var headers: [String: String]
  /// The body.
  public var body: Data
  /// The URL that answered (after any redirects the transport followed).
  public var url: URL?

  /// Creates a response.
  public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
    self.statusCode = statusCode
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// The value of the header named `name`, compared without regard to case.
  public func value(forHeader name: String) -> String? {
    if let exact = headers[name] { return exact }
    let lowered = name.lowercased()
    return headers.first { $0.key.lowercased() == lowered }?.value
  }

  /// Whether the status is 2xx.
  public var isSuccess: Bool { (200..<300).contains(statusCode) }

  /// Whether the status is a redirect StreamsAuth follows itself (301, 302, 303, 307, 308).
  public var isRedirect: Bool { [301, 302, 303, 307, 308].contains(statusCode) }

  /// `HTTPResponse(<status>, <n> bytes, <url>)`; the body is not shown.
  public var description: String {
    "HTTPResponse(\(statusCode), \(body.count) bytes\(url.map { ", \(Self.redactedURL($0))" } ?? ""))"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror without the body, with the URL's query and the `Set-Cookie`, `Authorization` and
  /// `Proxy-Authorization` headers redacted.
  public var customMirror: Mirror {
    let secretHeaders: Set<String> = ["authorization", "proxy-authorization", "set-cookie", "cookie"]
    let headers = Dictionary(
      uniqueKeysWithValues: self.headers.map {
        ($0.key, secretHeaders.contains($0.key.lowercased()) ? "<redacted>" : $0.value)
      })
    return Mirror(
      self,
      children: [
        "statusCode": statusCode, "headers": headers, "body": "<\(body.count) bytes>",
        "url": url.map(Self.redactedURL) as Any,
      ], displayStyle: .struct)
  }

  /// The URL without its query (which may carry secrets).
  static func redactedURL(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
    if components.query != nil { components.query = "…" }
    components.user = nil
    components.password = nil
    return components.string ?? "<url>"
  }
}
