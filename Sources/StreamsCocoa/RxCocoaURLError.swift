import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request made through `URLSession.rx` failed (transport errors arrive as they are).
public enum RxCocoaURLError: Swift.Error {
  /// The session reported neither a response nor an error.
  case unknown
  /// The response is not an `HTTPURLResponse` (a `file:` or `data:` URL, for instance): use
  /// `URLSession.dataTask` directly for those schemes.
  case nonHTTPResponse(response: URLResponse)
  /// `data(request:)` or `json(request:)` got a status outside `200..<300`; the body is in `data`.
  /// Use `response(request:)` to handle other statuses yourself.
  case httpRequestFailed(response: HTTPURLResponse, data: Data?)
  /// `json(request:)` got a body that `JSONSerialization` rejects; `error` says where.
  case deserializationError(error: Swift.Error)
}

extension RxCocoaURLError: CustomDebugStringConvertible {
  /// What failed, with the status code or the underlying error.
  public var debugDescription: String {
    switch self {
    case .unknown:
      "The URL session finished the request without a response or an error."
    case .nonHTTPResponse(let response):
      "The response is not an HTTPURLResponse: \(response). Use URLSession.dataTask for non-HTTP URLs."
    case .httpRequestFailed(let response, _):
      "The HTTP request failed with status \(response.statusCode). Use rx.response(request:) to accept other statuses."
    case .deserializationError(let error):
      "The response body is not valid JSON: \(error)"
    }
  }
}
