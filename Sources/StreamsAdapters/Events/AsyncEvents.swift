import Streams

/// Turns a multi-shot callback or delegate SDK into an `AsyncSequence`.
///
/// `start` runs now, synchronously, in the caller's context (like `AsyncStream`'s build closure).
/// It hands the ``EventSink`` to the SDK (usually through a delegate object) and returns the
/// SDK's stop hook:
///
/// ```swift
/// for try await location in events(of: Location.self, bufferingPolicy: .bufferingNewest(1), { sink in
///   let delegate = LocationDelegate(sink: sink)
///   manager.delegate = delegate
///   manager.startUpdatingLocation()
///   return Cancellation { manager.stopUpdatingLocation(); _ = delegate }
/// }) {
///   show(location)
/// }
/// ```
///
/// The stop hook runs exactly once, when the stream ends, whichever way: the producer finishes or
/// fails, the sink is dropped, the buffer overflows, the consuming task is cancelled, the loop
/// exits (`break`, `return`, a thrown error), or the sequence is released without being iterated.
/// If that happens while `start` is still running, it runs as soon as `start` returns it. If
/// `start` throws, the stream fails with that error.
///
/// - Parameters:
///   - type: The element type, when the compiler cannot infer it.
///   - bufferingPolicy: What to keep while the consumer falls behind; unbounded by default.
///   - fileID: Identifies this stream in diagnostics; leave the default.
///   - line: Identifies this stream in diagnostics; leave the default.
///   - start: Connects the SDK to the sink; returns its stop hook, or `nil`.
/// - Returns: A sequence with a single consumer.
public func events<Element: Sendable>(
  of type: Element.Type = Element.self,
  bufferingPolicy: AsyncBufferingPolicy = .unbounded,
  fileID: String = #fileID,
  line: Int = #line,
  _ start: (EventSink<Element>) throws -> Cancellation?
) -> AsyncEvents<Element> {
  let storage = AsyncEventsStorage<Element>(
    policy: bufferingPolicy, reporter: DiagnosticReporter(fileID: fileID, line: line))
  let sequence = AsyncEvents(storage: storage)
  storage.start(start)
  return sequence
}

/// The elements an SDK sends to an ``EventSink``, as an `AsyncSequence` with one consumer.
///
/// Made by ``events(of:bufferingPolicy:fileID:line:_:)``. Iterate it once: a second iterator
/// throws ``AdapterError/multipleConsumers`` instead of trapping. To share one SDK stream between
/// several consumers, use `Observable.events(_:)` with `share()`.
///
/// - Normal end: `next()` returns `nil` after the buffered elements.
/// - Failure (`fail(_:)`, a dropped sink, an overflow): the error is thrown after the buffered
///   elements, then `next()` returns `nil`.
/// - Cancellation of the consuming task: `next()` returns `nil` at once; buffered elements are
///   discarded and nothing more is delivered.
public struct AsyncEvents<Element: Sendable>: AsyncSequence, Sendable {
  /// Iteration throws.
  public typealias Failure = any Error

  private let lifetime: StorageLifetime<Element>

  init(storage: AsyncEventsStorage<Element>) {
    self.lifetime = StorageLifetime(storage: storage) { $0.sequenceReleased() }
  }

  /// Makes the iterator. The first call claims the stream; later ones return an iterator that
  /// throws ``AdapterError/multipleConsumers``.
  public func makeAsyncIterator() -> Iterator {
    let storage = lifetime.storage
    return storage.claimIterator()
      ? Iterator(consumer: StorageLifetime(storage: storage) { $0.consumerStopped() }) : Iterator(consumer: nil)
  }

  /// The iterator of an ``AsyncEvents`` sequence. Releasing it ends the stream and runs the stop
  /// hook.
  public struct Iterator: AsyncIteratorProtocol {
    private let consumer: StorageLifetime<Element>?
    private var rejected: Bool

    init(consumer: StorageLifetime<Element>?) {
      self.consumer = consumer
      self.rejected = consumer == nil
    }

    /// The next element, `nil` at the end (or after cancellation).
    public mutating func next() async throws -> Element? {
      try await next(isolation: nil)
    }

    /// The next element, `nil` at the end (or after cancellation), resuming on `actor`.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
      guard let consumer else {
        if rejected {
          rejected = false
          throw AdapterError.multipleConsumers
        }
        return nil
      }
      return try await consumer.storage.next(isolation: actor)
    }
  }
}

/// Holds the stream's storage for one owner and tells the storage when that owner is released:
/// the sequence value owns one (an unused sequence ends the stream), the iterator another
/// (releasing it ends the stream).
final class StorageLifetime<Element: Sendable>: Sendable {
  let storage: AsyncEventsStorage<Element>
  private let release: @Sendable (AsyncEventsStorage<Element>) -> Void

  init(
    storage: AsyncEventsStorage<Element>, onRelease release: @escaping @Sendable (AsyncEventsStorage<Element>) -> Void
  ) {
    self.storage = storage
    self.release = release
  }

  deinit {
    release(storage)
  }
}
