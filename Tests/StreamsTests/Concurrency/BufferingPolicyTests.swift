import Streams
import Testing

/// Each buffering policy's keep, drop and overflow behaviour. Elements are sent while the loop is
/// not reading, so what is buffered is deterministic.
@Suite("values: buffering policies")
struct BufferingPolicyTests {
  /// Subscribes with `policy`, sends 1...`count` and (optionally) completes while nobody reads,
  /// then drains. Returns what was read and the error that ended the loop, if any.
  func drain(
    _ policy: AsyncBufferingPolicy, sending count: Int, complete: Bool = true
  ) async -> (values: [Int], error: (any Error)?, hadObservers: Bool) {
    let subject = PublishSubject<Int>()
    var iterator = subject.values(bufferingPolicy: policy).makeAsyncIterator()
    for value in 1...count { subject.onNext(value) }
    let hadObservers = subject.hasObservers
    if complete { subject.onCompleted() }
    var received: [Int] = []
    do {
      while let value = try await iterator.next() { received.append(value) }
      return (received, nil, hadObservers)
    } catch {
      return (received, error, hadObservers)
    }
  }

  @Test("unbounded keeps everything")
  func unbounded() async {
    let result = await drain(.unbounded, sending: 10_000)
    #expect(result.values == Array(1...10_000))
    #expect(result.error == nil)
  }

  @Test("bufferingNewest(n) keeps the latest n")
  func newest() async {
    #expect(await drain(.bufferingNewest(3), sending: 10).values == [8, 9, 10])
    #expect(await drain(.bufferingNewest(1), sending: 10).values == [10])
    #expect(await drain(.bufferingNewest(100), sending: 10).values == Array(1...10))
    // Long runs exercise the compaction of the delivered prefix.
    #expect(await drain(.bufferingNewest(5), sending: 100_000).values == Array(99_996...100_000))
  }

  @Test("bufferingOldest(n) keeps the first n")
  func oldest() async {
    #expect(await drain(.bufferingOldest(3), sending: 10).values == [1, 2, 3])
    #expect(await drain(.bufferingOldest(100), sending: 10).values == Array(1...10))
  }

  @Test("A limit of 0 (or less) drops everything sent while the loop is busy")
  func zeroLimits() async {
    #expect(await drain(.bufferingNewest(0), sending: 5).values == [])
    #expect(await drain(.bufferingOldest(0), sending: 5).values == [])
    #expect(await drain(.bufferingNewest(-3), sending: 5).values == [])
  }

  @Test("failOnOverflow(n) delivers the first n, then throws the typed error; upstream is disposed at the overflow")
  func failOnOverflow() async {
    let result = await drain(.failOnOverflow(3), sending: 4, complete: false)
    #expect(result.values == [1, 2, 3])
    #expect(result.error as? AsyncBridgeError == .bufferOverflow(limit: 3))
    #expect(!result.hadObservers)

    let fits = await drain(.failOnOverflow(3), sending: 3)
    #expect(fits.values == [1, 2, 3])
    #expect(fits.error == nil)

    let zero = await drain(.failOnOverflow(0), sending: 1, complete: false)
    #expect(zero.values == [])
    #expect(zero.error as? AsyncBridgeError == .bufferOverflow(limit: 0))
  }

  @Test("The overflow error says what happened and what to do")
  func overflowDescription() {
    let description = AsyncBridgeError.bufferOverflow(limit: 8).description
    #expect(description.contains("failOnOverflow(8)"))
    #expect(description.contains("disposed"))
    #expect(description.contains(".unbounded"))
  }

  @Test("A waiting loop receives an element directly, even with a limit of 0")
  func waitingLoopReceivesDirectly() async throws {
    for policy in [AsyncBufferingPolicy.bufferingNewest(0), .bufferingOldest(0), .failOnOverflow(0)] {
      let subject = PublishSubject<Int>()
      let subscribed = Gate()
      let received = Gate()
      let busy = Gate()
      let task = Task.detached { () -> [Int] in
        var iterator = subject.values(bufferingPolicy: policy).makeAsyncIterator()
        subscribed.open()
        var values: [Int] = []
        guard let first = try await iterator.next() else { return values }
        values.append(first)
        received.open()
        await busy.wait()
        while let value = try await iterator.next() { values.append(value) }
        return values
      }
      await subscribed.wait()
      // Send until the loop, once waiting, has taken one. An element sent before it waits is
      // dropped (with failOnOverflow(0) it ends the loop with the overflow error instead).
      var sent = 0
      while !received.isOpen, subject.hasObservers {
        subject.onNext(sent)
        sent += 1
        await Task.yield()
      }
      if case .failOnOverflow = policy {
        subject.onNext(-1)  // If the loop got one, it is busy now: this overflows.
        busy.open()
        await #expect(throws: AsyncBridgeError.bufferOverflow(limit: 0)) { try await task.value }
      } else {
        for value in 1000..<1010 { subject.onNext(value) }  // The loop is busy: all dropped.
        subject.onCompleted()
        busy.open()
        let values = try await task.value
        #expect(values.count == 1)
        #expect(values.allSatisfy { $0 < sent })
      }
    }
  }

  @Test("Infallible policies map to the same behaviour")
  func infalliblePolicies() async {
    let relay = PublishRelay<Int>()
    var newest = relay.values(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
    var oldest = relay.values(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
    var all = relay.values(bufferingPolicy: .unbounded).makeAsyncIterator()
    for value in 1...5 { relay.accept(value) }
    #expect(await newest.next() == 4)
    #expect(await newest.next() == 5)
    #expect(await oldest.next() == 1)
    #expect(await oldest.next() == 2)
    var everything: [Int] = []
    for _ in 1...5 { everything.append(await all.next() ?? -1) }
    #expect(everything == [1, 2, 3, 4, 5])
  }
}
