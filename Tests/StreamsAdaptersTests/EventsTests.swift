import Foundation
import Streams
import StreamsAdapters
import Testing

/// Multi-shot callbacks and delegates as an `AsyncSequence`: buffering, the producer dropping the
/// sink (§5 row), the stop hook running exactly once however the stream ends, one consumer.
@Suite("events")
struct EventsTests {
  /// Collects every element, then the error if iteration threw.
  private func collect<Element: Sendable>(_ sequence: AsyncEvents<Element>) async -> ([Element], (any Error)?) {
    var elements: [Element] = []
    do {
      for try await element in sequence { elements.append(element) }
      return (elements, nil)
    } catch {
      return (elements, error)
    }
  }

  @Test("normal: elements sent from a background thread, then finish; the stop hook ran once")
  func normal() async {
    let stops = Counter()
    let stream = events(of: Int.self) { sink in
      onBackgroundThread {
        for number in 1...3 { sink.send(number) }
        sink.finish()
      }
      return Cancellation { stops.increment() }
    }
    let (elements, error) = await collect(stream)
    #expect(elements == [1, 2, 3])
    #expect(error == nil)
    #expect(stops.value == 1)
  }

  @Test("multi-shot drop: the producer releases the sink → buffered elements, then callbackDropped; hook once")
  func producerDropsSink() async {
    let stops = Counter()
    let diagnostics = Diagnostics()
    let stream = await diagnostics.record {
      events(of: Int.self) { sink in
        let box = SDKBox(value: sink)
        onBackgroundThread {
          box.value.send(1)
          box.value.send(2)
          // the thread ends: the last reference to the sink goes away without finish()
        }
        return Cancellation { stops.increment() }
      }
    }
    let (elements, error) = await collect(stream)
    #expect(elements == [1, 2])
    #expect(error as? AdapterError == .callbackDropped)
    #expect(stops.value == 1)
    #expect(diagnostics.kinds == [.sinkDropped])
  }

  @Test("fail: the error comes after the buffered elements; hook once")
  func fail() async {
    let stops = Counter()
    let stream = events(of: Int.self) { sink in
      sink.send(1)
      sink.fail(TestError(id: 8))
      return Cancellation { stops.increment() }
    }
    let (elements, error) = await collect(stream)
    #expect(elements == [1])
    #expect(error as? TestError == TestError(id: 8))
    #expect(stops.value == 1)  // owed while start ran, run when it returned
  }

  @Test(
    "buffering policies, while nobody consumes",
    arguments: [
      (AsyncBufferingPolicy.unbounded, [1, 2, 3, 4, 5], [SendResult](repeating: .enqueued, count: 5)),
      (.bufferingNewest(2), [4, 5], [.enqueued, .enqueued, .dropped, .dropped, .dropped]),
      (.bufferingOldest(2), [1, 2], [.enqueued, .enqueued, .dropped, .dropped, .dropped]),
      (.bufferingNewest(0), [], [.dropped, .dropped, .dropped, .dropped, .dropped]),
    ])
  func buffering(policy: AsyncBufferingPolicy, delivered: [Int], results: [SendResult]) async {
    let sent = ValueLog<SendResult>()
    let stream = events(of: Int.self, bufferingPolicy: policy) { sink in
      for number in 1...5 { sent.append(sink.send(number)) }
      sink.finish()
      return nil
    }
    let (elements, error) = await collect(stream)
    #expect(elements == delivered)
    #expect(error == nil)
    #expect(sent.entries == results)
  }

  @Test("failOnOverflow: the buffered elements, then bufferOverflow; later sends are terminated; hook once")
  func failOnOverflow() async {
    let sent = ValueLog<SendResult>()
    let stops = Counter()
    let stream = events(of: Int.self, bufferingPolicy: .failOnOverflow(2)) { sink in
      for number in 1...4 { sent.append(sink.send(number)) }
      #expect(sink.isTerminated)
      return Cancellation { stops.increment() }
    }
    let (elements, error) = await collect(stream)
    #expect(elements == [1, 2])
    #expect(error as? AdapterError == .bufferOverflow(limit: 2))
    #expect(sent.entries == [.enqueued, .enqueued, .dropped, .terminated])
    #expect(stops.value == 1)
  }

  @Test("a second iterator throws multipleConsumers instead of trapping; the first is unaffected")
  func secondIterator() async throws {
    let stream = events(of: Int.self) { sink in
      sink.send(1)
      sink.finish()
      return nil
    }
    var first = stream.makeAsyncIterator()
    var second = stream.makeAsyncIterator()
    await #expect(throws: AdapterError.multipleConsumers) { _ = try await second.next() }
    #expect(try await second.next() == nil)
    #expect(try await first.next() == 1)
    #expect(try await first.next() == nil)
  }

  @Test("cancelling the consumer: next returns nil at once, the hook runs once, later sends are terminated")
  func consumerCancelled() async throws {
    let stops = Counter()
    let sinks = ValueLog<EventSink<Int>>()
    let diagnostics = Diagnostics()
    let firstSeen = Gate()
    let stream = await diagnostics.record {
      events(of: Int.self) { sink in
        sinks.append(sink)
        return Cancellation { stops.increment() }
      }
    }
    let task = Task {
      var seen: [Int] = []
      for try await element in stream {
        seen.append(element)
        firstSeen.open()
      }
      return seen
    }
    sinks.entries[0].send(1)
    await firstSeen.wait()
    task.cancel()
    #expect(try await task.value == [1])
    #expect(stops.value == 1)
    #expect(sinks.entries[0].send(2) == .terminated)
    #expect(sinks.entries[0].isTerminated)
    sinks.entries[0].finish()  // the producer finishing after the consumer left is fine
    #expect(stops.value == 1)
    #expect(diagnostics.kinds.isEmpty)
  }

  @Test("breaking out of the loop ends the stream: the hook runs once; the sink reports terminated")
  func breakEndsStream() async throws {
    let stops = Counter()
    let sinks = ValueLog<EventSink<Int>>()
    let stream = events(of: Int.self) { sink in
      sinks.append(sink)
      for number in 1...10 { sink.send(number) }
      return Cancellation { stops.increment() }
    }
    for try await element in stream where element == 3 { break }
    #expect(stops.value == 1)
    #expect(sinks.entries[0].send(11) == .terminated)
  }

  @Test("a sequence released without being iterated ends the stream: the hook runs once")
  func unusedSequence() {
    let stops = Counter()
    let sinks = ValueLog<EventSink<Int>>()
    do {
      _ = events(of: Int.self) { sink in
        sinks.append(sink)
        return Cancellation { stops.increment() }
      }
    }
    #expect(stops.value == 1)
    #expect(sinks.entries[0].isTerminated)
  }

  @Test("start throws: iteration throws that error; there is no hook to run")
  func startThrows() async {
    let stream = events(of: Int.self) { _ -> Cancellation? in throw TestError(id: 6) }
    let (elements, error) = await collect(stream)
    #expect(elements.isEmpty)
    #expect(error as? TestError == TestError(id: 6))
  }

  @Test("the producer using the sink after finishing is ignored and reported")
  func sendAfterFinish() async {
    let diagnostics = Diagnostics()
    let results = ValueLog<SendResult>()
    let stream = await diagnostics.record {
      events(of: Int.self) { sink in
        sink.send(1)
        sink.finish()
        results.append(sink.send(2))
        sink.fail(TestError())
        return nil
      }
    }
    let (elements, error) = await collect(stream)
    #expect(elements == [1])
    #expect(error == nil)
    #expect(results.entries == [.terminated])
    #expect(diagnostics.kinds == [.eventAfterFinish, .eventAfterFinish])
  }

  @Test("many producer threads, one consumer: every element arrives exactly once")
  func concurrentProducers() async {
    let threads = 8
    let perThread = 500
    let done = Signals()
    let stream = events(of: Int.self) { sink in
      for thread in 0..<threads {
        onBackgroundThread {
          for index in 0..<perThread { sink.send(thread * perThread + index) }
          done.signal()
        }
      }
      Task.detached {
        await done.wait(for: threads)
        sink.finish()
      }
      return nil
    }
    let (elements, error) = await collect(stream)
    #expect(error == nil)
    #expect(elements.sorted() == Array(0..<(threads * perThread)))
  }

  @MainActor
  @Test("a @MainActor consumer, a producer on background threads: no isolation trap")
  func mainActorConsumer() async throws {
    var received: [String] = []
    let stream = events(of: String.self) { sink in
      MainActor.assertIsolated()
      onBackgroundThread {
        sink.send("a")
        sink.send("b")
        sink.finish()
      }
      return nil
    }
    for try await element in stream {
      MainActor.assertIsolated()
      received.append(element)
    }
    #expect(received == ["a", "b"])
  }
}
