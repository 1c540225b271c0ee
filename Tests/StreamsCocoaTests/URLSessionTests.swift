import Foundation
import Streams
import StreamsCocoa
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSession.rx` against a real HTTP server on 127.0.0.1 (``HTTPTestServer``).
@Suite struct URLSessionTests {
  let server: HTTPTestServer

  init() throws {
    URLSession.rx.shouldLogRequest = { _ in false }  // keep curl commands out of the test output
    server = try HTTPTestServer.start()
  }

  @Test func responseDeliversStatusAndBodyThenCompletes() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.response(request: URLRequest(url: server.url("missing"))))
    let (response, data) = try #require(outcome.elements.first)
    #expect(outcome.elements.count == 1)
    #expect(outcome.completed)
    #expect(response.statusCode == 404)
    #expect(String(decoding: data, as: UTF8.self) == "nope")
  }

  @Test func dataDeliversTheBodyOfA200() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.data(request: URLRequest(url: server.url("json"))))
    #expect(outcome.elements.map { String(decoding: $0, as: UTF8.self) } == [#"{"answer": 42}"#])
    #expect(outcome.completed)
  }

  @Test func dataFailsWithHttpRequestFailedOnA404() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.data(request: URLRequest(url: server.url("missing"))))
    #expect(outcome.elements.isEmpty)
    guard case .httpRequestFailed(let response, let data)? = outcome.error as? RxCocoaURLError else {
      Issue.record("expected httpRequestFailed, got \(String(describing: outcome.error))")
      return
    }
    #expect(response.statusCode == 404)
    #expect(data.map { String(decoding: $0, as: UTF8.self) } == "nope")
  }

  @Test func jsonParsesTheBody() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.json(url: server.url("json")))
    let object = try #require(outcome.elements.first as? [String: Any])
    #expect(object["answer"] as? Int == 42)
    #expect(outcome.completed)
  }

  @Test func jsonFailsWithDeserializationErrorOnABodyThatIsNotJSON() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.json(request: URLRequest(url: server.url("not-json"))))
    #expect(outcome.elements.isEmpty)
    guard case .deserializationError? = outcome.error as? RxCocoaURLError else {
      Issue.record("expected deserializationError, got \(String(describing: outcome.error))")
      return
    }
  }

  @Test func jsonFailsWithHttpRequestFailedOnA404() throws {
    defer { server.stop() }
    let outcome = try Outcome.of(URLSession.shared.rx.json(url: server.url("missing")))
    guard case .httpRequestFailed(let response, _)? = outcome.error as? RxCocoaURLError else {
      Issue.record("expected httpRequestFailed, got \(String(describing: outcome.error))")
      return
    }
    #expect(response.statusCode == 404)
  }

  @Test func eachSubscriptionMakesItsOwnRequestStartedOnSubscribe() throws {
    defer { server.stop() }
    let held = URLSession.shared.rx.data(request: URLRequest(url: server.url("hold")))
    #expect(try server.counters().held == 0, "creating the observable starts nothing")
    let first = held.subscribe()
    let second = held.subscribe()
    defer {
      first.dispose()
      second.dispose()
    }
    #expect(try waitUntil { try server.counters().held == 2 })
  }

  @Test func disposeCancelsTheRequestInFlight() throws {
    defer { server.stop() }
    let events = Events()
    let subscription = URLSession.shared.rx.data(request: URLRequest(url: server.url("hold")))
      .subscribe(
        onNext: { _ in events.add("next") }, onError: { events.add("error \($0)") },
        onCompleted: { events.add("completed") })
    #expect(try waitUntil { try server.counters().held == 1 }, "the server got the request")

    subscription.dispose()
    #expect(try waitUntil { try server.counters().disconnected == 1 }, "the client closed the connection")
    Thread.sleep(forTimeInterval: 0.2)  // an event after dispose would arrive by now
    #expect(events.all.isEmpty)
  }
}

/// Polls `condition` every 20 ms for up to 10 s.
private func waitUntil(_ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(10)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return try condition()
}

/// The events of one subscription that ended.
private struct Outcome<Element>: @unchecked Sendable {
  var elements: [Element] = []
  var error: (any Error)?
  var completed = false

  struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the sequence did not end within 10 s" }
  }

  /// Subscribes and waits (up to 10 s) for the sequence to end.
  static func of(_ source: Observable<Element>) throws -> Outcome {
    let box = Box()
    let ended = DispatchSemaphore(value: 0)
    let subscription = source.subscribe(
      onNext: { element in box.lock.withLock { box.outcome.elements.append(element) } },
      onError: { error in
        box.lock.withLock { box.outcome.error = error }
        ended.signal()
      },
      onCompleted: {
        box.lock.withLock { box.outcome.completed = true }
        ended.signal()
      })
    defer { subscription.dispose() }
    guard ended.wait(timeout: .now() + 10) == .success else { throw TimedOut() }
    return box.lock.withLock { box.outcome }
  }

  private final class Box: @unchecked Sendable {
    let lock = NSLock()
    var outcome = Outcome()
  }
}

/// Event labels, from any thread.
private final class Events: @unchecked Sendable {
  private let lock = NSLock()
  private var labels: [String] = []
  func add(_ label: String) { lock.withLock { labels.append(label) } }
  var all: [String] { lock.withLock { labels } }
}
