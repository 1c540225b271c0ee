import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why an attempt failed: a response the client treats as a failure (status 400 or above), or an
/// error from the transport.
public enum RequestFailure: Sendable {
  /// The server answered with a status of 400 or above.
  case response(HTTPResponse)
  /// The transport failed (see ``TransportError``).
  case transport(any Error)

  /// The response, when the server answered.
  public var response: HTTPResponse? {
    if case .response(let response) = self { return response }
    return nil
  }
}

/// What an interceptor wants done after a failed attempt.
public enum RetryDecision: Sendable {
  /// Send the request again now (adapters run again first).
  case retry
  /// Send the request again after `delay` seconds.
  case retryAfter(TimeInterval)
  /// Do not retry because of this interceptor; the next interceptor may still decide.
  case doNotRetry
  /// Do not retry, and fail the request with `error`.
  case doNotRetryWithError(any Error)
}

/// Adapts each attempt of a request before it is sent and decides whether a failed attempt is
/// retried; ``HTTPClient`` runs a chain of them.
///
/// - `adapt` runs before every attempt, starting from the caller's request (so a retry picks up a
///   new token); interceptors run in order, each receiving the previous one's result.
/// - `retry` runs after a failed attempt; the first interceptor whose decision is not
///   ``RetryDecision/doNotRetry`` decides. The client bounds the total number of attempts.
///
/// - Important: `retry` must be idempotent per attempt: calling it twice for the same
///   `context.attempt` must give the same decision and start no second side effect
///   (frameworks such as Alamofire can call retriers twice).
public protocol RequestInterceptor: Sendable {
  /// Returns the request to send for this attempt, or throws to fail the request.
  func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest

  /// Decides what to do after `request` (as sent) failed with `failure`.
  func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async -> RetryDecision
}

extension RequestInterceptor {
  /// Sends the request unchanged.
  public func adapt(_ request: URLRequest, context: RequestContext) async throws -> URLRequest { request }

  /// Never retries.
  public func retry(_ request: URLRequest, context: RequestContext, dueTo failure: RequestFailure) async
    -> RetryDecision
  { .doNotRetry }
}
