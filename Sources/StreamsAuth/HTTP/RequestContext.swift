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
  // Unchecked: its mutable fields are in a `LockedState`; `id` and `originalRequest` are `let`s.
  private static let counter = LockedState<UInt64>(0)

  /// A number that identifies the request within the process.
  public let id: UInt64
  /// The request as the caller passed it, before any interceptor changed it.
  public let originalRequest: URLRequest

  /// What the client and the interceptors change, under one lock.
  struct State {
    var attempt = 0
    var redirects = 0
    var hasCrossedOrigin = false
    var values: [ObjectIdentifier: any Sendable] = [:]

    /// The value stored under `key`, if any.
    subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
      get { values[ObjectIdentifier(key)] as? Key.Value }
      set { values[ObjectIdentifier(key)] = newValue }
    }
  }

  private let state = LockedState(State())

  /// Creates a context for `request`.
  public init(originalRequest: URLRequest) {
    self.originalRequest = originalRequest
    self.id = Self.counter.withLock { value in
      value += 1
      return value
    }
  }

  /// The current attempt, starting at 1; each retry adds one.
  public var attempt: Int { state.withLock { $0.attempt } }

  /// How many redirects were followed in the current attempt.
  public var redirectCount: Int { state.withLock { $0.redirects } }

  /// Whether a redirect led to a different origin (scheme, host or port) than the original
  /// request's. Once set it stays set: credentials are not sent for the rest of the request.
  public var hasCrossedOrigin: Bool { state.withLock { $0.hasCrossedOrigin } }

  /// The value stored under `key`, if any.
  public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
    get { state.withLock { $0[key] } }
    set { state.withLock { $0[key] = newValue } }
  }

  /// Changes the value under `key` in one transaction and returns what `body` returns.
  public func update<Key: RequestContextKey, Result>(
    _ key: Key.Type, _ body: (inout Key.Value?) throws -> Result
  ) rethrows -> Result {
    try state.withLock { state in
      var value = state[key]
      defer { state[key] = value }
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
    state.withLock { state in
      state.attempt += 1
      state.redirects = 0
      return state.attempt
    }
  }

  func recordRedirect(crossingOrigin: Bool) {
    state.withLock { state in
      state.redirects += 1
      if crossingOrigin { state.hasCrossedOrigin = true }
    }
  }

  /// Reads and changes several facts in one transaction (one lock), for StreamsAuth's own
  /// interceptor, whose decisions read the origin, the attempt and its keys together.
  func transaction<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock(body)
  }
}
