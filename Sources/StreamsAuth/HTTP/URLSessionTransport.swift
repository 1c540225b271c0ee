import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``Transport`` over `URLSession` that does not follow redirects (``HTTPClient`` does).
///
/// It owns its session and invalidates it when deallocated.
public final class URLSessionTransport: Transport {
  private let session: URLSession

  /// Creates a transport with its own session.
  ///
  /// - Parameter configuration: The session configuration; `.ephemeral` by default, so no
  ///   cookies or cache outlive the process.
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` and returns the complete response; a 3xx comes back as it is.
  ///
  /// Failures are thrown as ``TransportError``; cancelling the calling task cancels the request.
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let slot = LockedState<URLSessionDataTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, Error>) in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            if let urlError = error as? URLError {
              continuation.resume(throwing: TransportError(urlError))
            } else {
              continuation.resume(
                throwing: TransportError(.other(code: -1), detail: String(describing: type(of: error))))
            }
            return
          }
          guard let http = response as? HTTPURLResponse else {
            continuation.resume(throwing: TransportError(.badServerResponse, detail: "not an HTTP response"))
            return
          }
          var headers: [String: String] = [:]
          for (key, value) in http.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
          }
          continuation.resume(
            returning: HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data(), url: http.url))
        }
        slot.withLock { $0 = task }
        task.resume()
        if Task.isCancelled { task.cancel() }
      }
    } onCancel: {
      slot.withLock { $0 }?.cancel()
    }
  }
}

/// Refuses every redirect, so that the 3xx reaches ``HTTPClient``, which decides what headers the
/// next hop may carry.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  // Unchecked: no stored state (`NSObject` subclasses cannot be checked `Sendable`).
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
