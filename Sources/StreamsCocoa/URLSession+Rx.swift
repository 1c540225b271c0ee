import Foundation
import Streams

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Reactive where Base: URLSession {
  /// The HTTP response and body of `request`: one element, then completion.
  ///
  /// Cold: each subscription starts its own data task when it subscribes, and disposing cancels
  /// that task (no event follows). Any status code is an element; transport errors (a
  /// `URLError`, including a timeout) end the sequence as they are, a non-HTTP response ends it
  /// with ``RxCocoaURLError/nonHTTPResponse(response:)``. Events arrive on the session's delegate
  /// queue. Requests are printed as `curl` commands while `URLSession.rx.shouldLogRequest` says so.
  public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
    let session = UncheckedSession(base)
    return Observable.create { observer in
      let log = URLSession.rx.shouldLogRequest(request) ? RequestLog(request) : nil
      let task = session.value.dataTask(with: request) { data, response, error in
        log?.finish(response: response, error: error)
        guard let response, let data else {
          observer.on(.error(error ?? RxCocoaURLError.unknown))
          return
        }
        guard let httpResponse = response as? HTTPURLResponse else {
          observer.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
          return
        }
        observer.on(.next((response: httpResponse, data: data)))
        observer.on(.completed)
      }
      task.resume()
      return Disposables.create { task.cancel() }
    }
  }

  /// The body of `request` when its status is in `200..<300`.
  ///
  /// As ``response(request:)``; another status ends the sequence with
  /// ``RxCocoaURLError/httpRequestFailed(response:data:)``, carrying the body.
  public func data(request: URLRequest) -> Observable<Data> {
    response(request: request).map { response, data in
      guard (200..<300).contains(response.statusCode) else {
        throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
      }
      return data
    }
  }

  /// The body of `request` parsed by `JSONSerialization` with `options`.
  ///
  /// As ``data(request:)``; a body that does not parse ends the sequence with
  /// ``RxCocoaURLError/deserializationError(error:)``.
  public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
    data(request: request).map { data in
      do {
        return try JSONSerialization.jsonObject(with: data, options: options)
      } catch {
        throw RxCocoaURLError.deserializationError(error: error)
      }
    }
  }

  /// The JSON body of a `GET` of `url`: ``json(request:options:)`` with `URLRequest(url: url)`.
  public func json(url: Foundation.URL) -> Observable<Any> {
    json(request: URLRequest(url: url))
  }
}

extension Reactive where Base == URLSession {
  /// Decides, per request, whether `URLSession.rx` prints it as a `curl` command with its outcome
  /// and duration. By default true in debug builds of StreamsCocoa, false in release builds, as
  /// in RxCocoa; set `URLSession.rx.shouldLogRequest = { _ in false }` to silence it. Any thread may
  /// read or set it; it is called on the subscribing thread.
  public static var shouldLogRequest: (URLRequest) -> Bool {
    get { requestLogging.lock.withLock { requestLogging.decide } }
    set { requestLogging.lock.withLock { requestLogging.decide = newValue } }
  }
}

/// The storage of `URLSession.rx.shouldLogRequest`, behind a lock.
private final class RequestLogging: @unchecked Sendable {
  // Unchecked: `decide` is read and written only under `lock` (by `shouldLogRequest`).
  let lock = Lock.make()
  var decide: (URLRequest) -> Bool = { _ in
    #if DEBUG
      true
    #else
      false
    #endif
  }
}

private let requestLogging = RequestLogging()

/// A session carried into `@Sendable` closures; `URLSession` is thread-safe.
private struct UncheckedSession: @unchecked Sendable {
  // Unchecked: `URLSession` is thread-safe; the reference is a `let`.
  let value: URLSession
  init(_ value: URLSession) { self.value = value }
}

/// Prints one request as a `curl` command, then how it ended and how long it took.
private struct RequestLog: Sendable {
  let request: URLRequest
  let started = Date()

  init(_ request: URLRequest) { self.request = request }

  func finish(response: URLResponse?, error: (any Error)?) {
    let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
    print(curlCommand)
    print(outcome(response: response, error: error), "(\(milliseconds) ms)")
  }

  private var curlCommand: String {
    var words = ["curl -X \(request.httpMethod ?? "GET")"]
    if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
      words.append("-d \(quoted(text))")
    }
    for (field, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
      words.append("-H \(quoted("\(field): \(value)"))")
    }
    words.append(quoted(request.url?.absoluteString ?? "<no url>"))
    words.append("-i -v")
    return words.joined(separator: " \\\n    ")
  }

  private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  private func outcome(response: URLResponse?, error: (any Error)?) -> String {
    if let response = response as? HTTPURLResponse {
      let verdict = (200..<300).contains(response.statusCode) ? "Success" : "Failure"
      return "\(verdict): status \(response.statusCode)"
    }
    if let error = error as? URLError, error.code == .cancelled { return "Cancelled" }
    if let error { return "Failure: \(error)" }
    return "Failure: no HTTP response"
  }
}
