import Streams

/// Session events as an `AsyncSequence`: each iterator subscribes when it is made, receives
/// ``SessionEvent/initialSession(_:)`` first (once the session is known), then every later
/// event, buffered without limit; it ends when the coordinator is deallocated, and ending the
/// iteration (or cancelling its task) unsubscribes.
///
/// ```swift
/// for await event in session.eventStream {
///   if case .signedOut = event { showSignIn() }
/// }
/// ```
public struct SessionEventStream: AsyncSequence, Sendable {
  /// The events.
  public typealias Element = SessionEvent

  private let events: Observable<SessionEvent>

  init(events: Observable<SessionEvent>) {
    self.events = events
  }

  /// Subscribes and returns the iterator.
  public func makeAsyncIterator() -> Iterator {
    let (stream, continuation) = AsyncStream<SessionEvent>.makeStream(bufferingPolicy: .unbounded)
    let subscription = events.subscribe { event in
      switch event {
      case .next(let element): continuation.yield(element)
      case .error, .completed: continuation.finish()
      }
    }
    // The subscription is disposed once, from whichever thread ends the stream; Streams'
    // disposables are thread-safe.
    let disposable = UncheckedSendable(subscription)
    continuation.onTermination = { _ in disposable.value.dispose() }
    return Iterator(base: stream.makeAsyncIterator())
  }

  /// Iterates the events.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<SessionEvent>.Iterator

    /// The next event, or `nil` when the coordinator is gone or the task was cancelled.
    public mutating func next() async -> SessionEvent? {
      await base.next()
    }
  }
}
