import Streams

/// Session events as an `AsyncSequence`: each iterator subscribes when it is made, receives
/// ``SessionEvent/initialSession(_:)`` first (once the session is known), then every later
/// event, buffered without limit; it ends when the session manager is deallocated, and ending the
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
    Iterator(base: events.asInfallible(onErrorFallbackTo: .empty()).values.makeAsyncIterator())
  }

  /// Iterates the events.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncInfallibleSequence<SessionEvent>.Iterator

    /// The next event, or `nil` when the session manager is gone or the task was cancelled.
    public mutating func next() async -> SessionEvent? {
      await base.next()
    }
  }
}
