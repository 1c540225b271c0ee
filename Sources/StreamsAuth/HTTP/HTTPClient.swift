import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends `URLRequest`s through a chain of ``RequestInterceptor``s over a ``Transport``.
///
/// For each attempt the client runs every interceptor's `adapt` on the caller's request, sends the
/// result, follows redirects itself, and on a failure (a status of 400 or above, or a transport
/// error) asks the interceptors whether to retry. The number of attempts is bounded by
/// ``Configuration/maximumAttempts``.
///
/// Redirects: 301, 302, 303, 307 and 308 are followed up to ``Configuration/maximumRedirects``
/// hops. When a hop leaves the original request's origin (scheme, host, port), the
/// `Authorization`, `Proxy-Authorization` and `Cookie` headers are removed and
/// ``RequestContext/hasCrossedOrigin`` is set, so no credential reaches a third party.
///
/// ```swift
/// let client = HTTPClient(interceptors: [session.interceptor(hosts: ["api.example.com"])])
/// let response = try await client.send(URLRequest(url: URL(string: "https://api.example.com/me")!))
/// ```
public final class HTTPClient: Sendable {
  /// Limits of an ``HTTPClient``.
  public struct Configuration: Sendable {
    /// The most attempts one request may take, the first included (3 by default).
    public var maximumAttempts: Int
    /// The most redirects followed within one attempt (10 by default).
    public var maximumRedirects: Int

    /// Creates a configuration.
    public init(maximumAttempts: Int = 3, maximumRedirects: Int = 10) {
      self.maximumAttempts = max(1, maximumAttempts)
      self.maximumRedirects = max(0, maximumRedirects)
    }
  }

  /// The transport requests go out through.
  public let transport: any Transport
  /// The interceptors, in the order they adapt requests and are asked about retries.
  public let interceptors: [any RequestInterceptor]
  /// The client's limits.
  public let configuration: Configuration

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - transport: Where requests go; a ``URLSessionTransport`` by default.
  ///   - interceptors: The interceptor chain, such as an ``AuthInterceptor``.
  ///   - configuration: Attempt and redirect limits.
  public init(
    transport: any Transport = URLSessionTransport(), interceptors: [any RequestInterceptor] = [],
    configuration: Configuration = Configuration()
  ) {
    self.transport = transport
    self.interceptors = interceptors
    self.configuration = configuration
  }

  /// Sends `request` and returns the final response.
  ///
  /// A response with a status of 400 or above that no interceptor retries is returned, not
  /// thrown. Errors thrown: an interceptor's (an ``AuthError`` from ``AuthInterceptor``), the
  /// transport's (``TransportError``), or `CancellationError` when the calling task is cancelled.
  public func send(_ request: URLRequest) async throws -> HTTPResponse {
    let context = RequestContext(originalRequest: request)
    while true {
      let attempt = context.beginAttempt()
      try Task.checkCancellation()
      var adapted = request
      for interceptor in interceptors {
        adapted = try await interceptor.adapt(adapted, context: context)
      }
      let failure: RequestFailure
      let sent: URLRequest
      do {
        let (response, lastRequest) = try await exchange(adapted, context: context)
        if response.statusCode < 400 { return response }
        failure = .response(response)
        sent = lastRequest
      } catch {
        try Task.checkCancellation()
        failure = .transport(error)
        sent = adapted
      }
      try Task.checkCancellation()
      var decision = RetryDecision.doNotRetry
      if attempt < configuration.maximumAttempts {
        for interceptor in interceptors {
          let verdict = await interceptor.retry(sent, context: context, dueTo: failure)
          if case .doNotRetry = verdict { continue }
          decision = verdict
          break
        }
      }
      switch decision {
      case .retry:
        continue
      case .retryAfter(let delay):
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        continue
      case .doNotRetry:
        switch failure {
        case .response(let response): return response
        case .transport(let error): throw error
        }
      case .doNotRetryWithError(let error):
        throw error
      }
    }
  }

  /// Sends `request` and reports the outcome to `completion`, once; dispose the result to cancel.
  @discardableResult
  public func send(
    _ request: URLRequest, completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
  ) -> Cancelable {
    let task = Task {
      do {
        completion(.success(try await send(request)))
      } catch {
        completion(.failure(error))
      }
    }
    return Disposables.create { task.cancel() }
  }

  /// Sends one attempt, following redirects; returns the last response and the request that got it.
  private func exchange(_ request: URLRequest, context: RequestContext) async throws -> (HTTPResponse, URLRequest) {
    let origin = Origin(context.originalRequest.url)
    var current = request
    while true {
      let response = try await transport.send(current)
      guard response.isRedirect, context.redirectCount < configuration.maximumRedirects,
        let location = response.value(forHeader: "Location"),
        let next = URL(string: location, relativeTo: current.url)?.absoluteURL
      else { return (response, current) }
      let crossing = Origin(next) != origin
      context.recordRedirect(crossingOrigin: crossing)
      var nextRequest = current
      nextRequest.url = next
      let method = (current.httpMethod ?? "GET").uppercased()
      if response.statusCode == 303 || ([301, 302].contains(response.statusCode) && method == "POST") {
        if method != "HEAD" { nextRequest.httpMethod = "GET" }
        nextRequest.httpBody = nil
        nextRequest.setValue(nil, forHTTPHeaderField: "Content-Type")
        nextRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
      }
      if context.hasCrossedOrigin {
        for header in ["Authorization", "Proxy-Authorization", "Cookie"] {
          nextRequest.setValue(nil, forHTTPHeaderField: header)
        }
      }
      current = nextRequest
    }
  }
}

/// Scheme, host and port of a URL: two URLs with the same origin may share credentials.
struct Origin: Equatable {
  let scheme: String
  let host: String
  let port: Int

  init(_ url: URL?) {
    let scheme = url?.scheme?.lowercased() ?? ""
    self.scheme = scheme
    host = url?.host?.lowercased() ?? ""
    port = url?.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
  }
}
