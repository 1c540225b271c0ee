import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A failure to exchange a request and a response over the network.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the exchange failed.
  public enum Reason: Sendable, Hashable {
    /// The device is offline.
    case notConnected
    /// The host could not be found (DNS).
    case cannotFindHost
    /// The connection to the host was refused or could not be opened.
    case cannotConnect
    /// The request timed out; it may have reached the server.
    case timedOut
    /// The connection dropped; the request may have reached the server.
    case connectionLost
    /// The exchange was cancelled.
    case cancelled
    /// The server's reply was not valid HTTP.
    case badServerResponse
    /// Another failure; `code` is the `URLError` code when there is one.
    case other(code: Int)
  }

  /// Why the exchange failed.
  public var reason: Reason
  /// A short explanation for logs (never contains tokens).
  public var detail: String

  /// Creates a transport error.
  public init(_ reason: Reason, detail: String = "") {
    self.reason = reason
    self.detail = detail
  }

  /// Maps a `URLError` to a transport error.
  public init(_ error: URLError) {
    let reason: Reason
    switch error.code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: reason = .notConnected
    case .cannotFindHost, .dnsLookupFailed: reason = .cannotFindHost
    case .cannotConnectToHost: reason = .cannotConnect
    case .timedOut: reason = .timedOut
    case .networkConnectionLost: reason = .connectionLost
    case .cancelled: reason = .cancelled
    case .badServerResponse, .cannotParseResponse: reason = .badServerResponse
    default: reason = .other(code: error.code.rawValue)
    }
    self.init(reason, detail: "URLError \(error.code.rawValue)")
  }

  /// Whether the request surely never reached the server (offline, unknown host, connection
  /// refused), so sending it again cannot repeat a side effect. Timeouts and dropped connections
  /// are unclear: the server may have acted on the request.
  public var requestSurelyNotSent: Bool {
    switch reason {
    case .notConnected, .cannotFindHost, .cannotConnect: return true
    default: return false
    }
  }

  /// The reason, and the detail when there is one.
  public var description: String {
    let name: String
    switch reason {
    case .notConnected: name = "not connected to the internet"
    case .cannotFindHost: name = "cannot find the host"
    case .cannotConnect: name = "cannot connect to the host"
    case .timedOut: name = "timed out"
    case .connectionLost: name = "connection lost"
    case .cancelled: name = "cancelled"
    case .badServerResponse: name = "bad server response"
    case .other(let code): name = "error \(code)"
    }
    return detail.isEmpty ? name : "\(name) (\(detail))"
  }
}
