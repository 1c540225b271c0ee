import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request and returns one complete response: the bottom of ``HTTPClient``.
///
/// A transport does not follow redirects (``HTTPClient`` follows them itself, so that it can drop
/// the `Authorization` header when a redirect leaves the original host); it returns 3xx responses
/// as they are. ``URLSessionTransport`` is the default; tests and simulations provide their own,
/// such as the RefreshStorm playground's server simulation.
///
/// - Important: `send(_:)` must honour task cancellation by throwing (``TransportError`` with
///   reason ``TransportError/Reason/cancelled``, or `CancellationError`).
public protocol Transport: Sendable {
  /// Sends `request` and returns the server's response, or throws a ``TransportError``.
  func send(_ request: URLRequest) async throws -> HTTPResponse
}
