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
    let stream = AsyncStream<Element>(bufferingPolicy: .unbounded) { continuation in
      let subscription = events.subscribe(
        onNext: { continuation.yield($0) },
        onError: { _ in continuation.finish() },
        onCompleted: { continuation.finish() })
      let box = SubscriptionBox(subscription)
      continuation.onTermination = { _ in box.subscription.dispose() }
    }
    return Iterator(base: stream.makeAsyncIterator())
  }

  /// An iterator over the events sent after it was made.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<Element>.Iterator

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

/// Carries a subscription into the stream's `@Sendable` termination handler; disposables are safe
/// to dispose from any thread.
private final class SubscriptionBox: @unchecked Sendable {
  let subscription: Disposable

  init(_ subscription: Disposable) {
    self.subscription = subscription
  }
}
