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
/// per-request facts (``AuthInterceptor`` records which attempt used the request's authentication
/// retry, and its decision). Safe to use from any thread.
///
/// Its description and mirror (`dump`) show the request's id, attempt and URL without its query,
/// never its headers (which may carry an `Authorization` header).
public final class RequestContext: @unchecked Sendable, CustomStringConvertible, CustomReflectable {
  // Unchecked: the interceptors' values and the redirect count are in a `LockedState`; the
  // attempt and the origin flag are in an `AtomicWord`; `id` and `originalRequest` are `let`s.
  /// The last id given out (a word, so a request takes no lock for its id).
  private static let lastID = AtomicWord(0)

  /// A number that identifies the request within the process.
  public let id: UInt64
  /// The request as the caller passed it, before any interceptor changed it.
  public let originalRequest: URLRequest

  /// What the interceptors store, and the redirects of an attempt, under one lock.
  struct State {
    /// The attempt the redirect count belongs to.
    var redirectAttempt = 0
    var redirects = 0
    var values: [ObjectIdentifier: any Sendable] = [:]

    /// The value stored under `key`, if any.
    subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value? {
      get { values[ObjectIdentifier(key)] as? Key.Value }
      set { values[ObjectIdentifier(key)] = newValue }
    }
  }

  private let state = LockedState(State())
  /// The attempt, shifted left by one, and whether the request crossed origins in the lowest bit.
  /// Only ``HTTPClient`` writes it, from the one task that sends the request, so a load and a
  /// store suffice; anyone reads it without a lock (an interceptor reads it on every attempt).
  private let progress = AtomicWord(0)

  /// Creates a context for `request`.
  public init(originalRequest: URLRequest) {
    self.originalRequest = originalRequest
    // On a 32-bit word the ids wrap after 2³² requests: as unsigned numbers they never trap.
    self.id = UInt64(UInt(bitPattern: Self.lastID.add(1) &+ 1))
  }

  /// The current attempt, starting at 1; each retry adds one.
  public var attempt: Int { progress.load() >> 1 }

  /// How many redirects were followed in the current attempt.
  public var redirectCount: Int {
    let attempt = attempt
    return state.withLock { $0.redirectAttempt == attempt ? $0.redirects : 0 }
  }

  /// Whether a redirect led to a different origin (scheme, host or port) than the original
  /// request's. Once set it stays set: credentials are not sent for the rest of the request.
  public var hasCrossedOrigin: Bool { progress.load() & 1 != 0 }

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

  /// The client begins the next attempt (its redirect count starts at zero); returns its number.
  func beginAttempt() -> Int {
    let word = progress.load() + 2
    progress.store(word)
    return word >> 1
  }

  /// The client followed a redirect in the current attempt.
  func recordRedirect(crossingOrigin: Bool) {
    let attempt = attempt
    state.withLock { state in
      if state.redirectAttempt != attempt { (state.redirectAttempt, state.redirects) = (attempt, 0) }
      state.redirects += 1
    }
    if crossingOrigin { progress.store(progress.load() | 1) }
  }
}
