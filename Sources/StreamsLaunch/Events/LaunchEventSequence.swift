import Streams

/// The events of a ``LaunchQueue`` as an asynchronous sequence; see ``LaunchQueue/asyncEvents``.
///
/// ```swift
/// for await event in queue.asyncEvents {
///   print(event)
/// }
/// // The loop ends after `.ended`.
/// ```
public struct LaunchEventSequence<Rank: Comparable & Sendable>: AsyncSequence, Sendable {
  /// The queue's event type.
  public typealias Element = LaunchEvent<Rank>

  let events: Observable<LaunchEvent<Rank>>

  /// Subscribes to the queue's events and returns an iterator over those sent from now on.
  ///
  /// Events are buffered until the iterator asks for them, without limit. Cancelling the task that
  /// iterates ends the iteration (`next()` returns `nil`) and ends the subscription.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: events.asInfallible(onErrorFallbackTo: .empty()).values.makeAsyncIterator())
  }

  /// An iterator over the events sent after it was made.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncInfallibleSequence<Element>.Iterator

    /// The next event, or `nil` after ``LaunchEvent/ended(_:)`` or once the task is cancelled.
    public mutating func next() async -> Element? {
      await base.next()
    }

    /// The next event, or `nil` after ``LaunchEvent/ended(_:)`` or once the task is cancelled;
    /// runs in the caller's isolation.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await base.next(isolation: actor)
    }
  }
}
