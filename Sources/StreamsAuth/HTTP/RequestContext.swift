import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A key for a value an interceptor keeps on a ``RequestContext``.
///
/// ```swift
/// enum TraceIDKey: RequestContextKey { typealias Value = String }
/// context[TraceIDKey.self] = "a1b2"
/// ```
public protocol RequestContextKey {
  /// The type of the value stored under this key.
  associatedtype Value: Sendable
}

/// What ``HTTPClient`` knows about one logical request across its attempts and redirects, shared
/// with every interceptor.
///
/// One context lives from the first attempt to the final response, so interceptors can remember
/// per-request facts (``AuthInterceptor`` records the credential generation it attached and its
/// retry decision). Safe to use from any thread.
///
/// Its description and mirror (`dump`) show the request's id, attempt and URL without its query,
/// never its headers (which may carry an `Authorization` header).
public final class RequestContext: @unchecked Sendable, CustomStringConvertible, CustomReflectable {
  private static let counter = LockedState<UInt64>(0)

  /// A number that identifies the request within the process.
  public let id: UInt64
  /// The request as the caller passed it, before any interceptor changed it.
  public let originalRequest: URLRequest

  private let lock = Lock.make()
  private var _attempt = 0
  private var _redirects = 0
  private var _hasCrossedOrigin = false
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// Creates a context for `request`.
  public init(originalRequest: URLRequest) {
    self.originalRequest = originalRequest
    self.id = Self.counter.withLock { value in
      value += 1
      return value
    }
  }

  /// The current attempt, starting at 1; each retry adds one.
  public var attempt: Int { lock.withLock { _attempt } }

  /// How many redirects were followed in the current attempt.
  public var redirectCount: Int { lock.withLock { _redirects } }

  /// Whether a redirect led to a different origin (scheme, host or port) than the original
  /// request's. Once set it stays set: credentials are not sent for the rest of the request.
  public var hasCrossedOrigin: Bool { lock.withLock { _hasCrossedOrigin } }

  /// The value stored under `key`, if any.
  public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
    get { lock.withLock { values[ObjectIdentifier(key)] as? Key.Value } }
    set { lock.withLock { values[ObjectIdentifier(key)] = newValue } }
  }

  /// Changes the value under `key` in one transaction and returns what `body` returns.
  public func update<Key: RequestContextKey, Result>(
    _ key: Key.Type, _ body: (inout Key.Value?) throws -> Result
  ) rethrows -> Result {
    try lock.withLock {
      var value = values[ObjectIdentifier(key)] as? Key.Value
      defer { values[ObjectIdentifier(key)] = value }
      return try body(&value)
    }
  }

  /// `RequestContext(#id, attempt n, <url without query>)`.
  public var description: String {
    let url = originalRequest.url.map(HTTPResponse.redactedURL) ?? "no URL"
    return "RequestContext(#\(id), attempt \(attempt), \(url))"
  }

  /// A mirror without the request's headers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "id": id, "attempt": attempt, "url": originalRequest.url.map(HTTPResponse.redactedURL) as Any,
        "hasCrossedOrigin": hasCrossedOrigin,
      ], displayStyle: .class)
  }

  func beginAttempt() -> Int {
    lock.withLock {
      _attempt += 1
      _redirects = 0
      return _attempt
    }
  }

  func recordRedirect(crossingOrigin: Bool) {
    lock.withLock {
      _redirects += 1
      if crossingOrigin { _hasCrossedOrigin = true }
    }
  }
}
