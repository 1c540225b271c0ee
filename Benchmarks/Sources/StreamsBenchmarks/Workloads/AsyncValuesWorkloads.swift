// Row H: values pushed into a hot source on one thread and consumed with `for await` in another
// task. Streams: `PublishSubject.values` (unbounded); AsyncStream (unbounded) in the locked-closures
// column, as the reference the target is measured against; OpenCombine: a buffered `values`.

import Dispatch
import Streams

#if canImport(OpenCombine)
  import OpenCombine
#endif

enum AsyncValuesWorkloads {
  /// Values per run: 200,000 in a full run.
  static func count(_ sizes: Sizes) -> Int { sizes.sends / 5 }

  static func streams(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let subject = PublishSubject<Int>()
    let consumer = Consumer()
    let task = Task.detached {
      var sum = 0
      var iterator = subject.values.makeAsyncIterator()  // Subscribes here.
      consumer.ready.signal()
      while let value = try await iterator.next() { sum &+= value }
      consumer.finish(sum)
    }
    consumer.ready.wait()
    meter.start()
    for value in 0..<count(sizes) { subject.onNext(value) }
    subject.onCompleted()
    consumer.done.wait()
    meter.stop()
    _ = task
    return consumer.sum
  }

  static func asyncStream(_ meter: inout Meter, _ sizes: Sizes) -> Int {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let consumer = Consumer()
    let task = Task.detached {
      var sum = 0
      var iterator = stream.makeAsyncIterator()
      consumer.ready.signal()
      while let value = await iterator.next() { sum &+= value }
      consumer.finish(sum)
    }
    consumer.ready.wait()
    meter.start()
    for value in 0..<count(sizes) { continuation.yield(value) }
    continuation.finish()
    consumer.done.wait()
    meter.stop()
    _ = task
    return consumer.sum
  }

  #if canImport(OpenCombine)
    static func openCombine(_ meter: inout Meter, _ sizes: Sizes) -> Int {
      let count = count(sizes)
      let subject = PassthroughSubject<Int, Never>()
      // OpenCombine's types are not Sendable; the subject and the publisher lock internally.
      let values = HandOff(subject.buffer(size: count, prefetch: .keepFull, whenFull: .dropNewest).values)
      let consumer = Consumer()
      let task = Task.detached {
        var sum = 0
        var iterator = values.value.makeAsyncIterator()  // Subscribes here.
        consumer.ready.signal()
        while let value = await iterator.next() { sum &+= value }
        consumer.finish(sum)
      }
      consumer.ready.wait()
      meter.start()
      for value in 0..<count { subject.send(value) }
      subject.send(completion: .finished)
      consumer.done.wait()
      meter.stop()
      _ = task
      return consumer.sum
    }
  #endif

  /// The consumer task's two signals and its result; the benchmark thread blocks on the signals
  /// (it is not a Swift concurrency thread, so blocking it starves no task).
  private final class Consumer: @unchecked Sendable {
    let ready = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    private(set) var sum = 0  // Written before `done` is signalled, read after it.

    func finish(_ sum: Int) {
      self.sum = sum
      done.signal()
    }
  }

  /// Carries a value that is not `Sendable` into the consumer task.
  private struct HandOff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
