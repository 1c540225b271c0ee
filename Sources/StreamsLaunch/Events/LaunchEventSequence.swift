import Streams

/// The events of a ``LaunchQueue`` as an asynchronous sequence; see ``LaunchQueue/asyncEvents``.
///
/// ```swift
/// for await event in queue.asyncEvents {
///   print(event)
/// }
/// // The loop ends after `.ended`.
/// ```
///
/// It is Streams' non-throwing `AsyncInfallibleSequence` over ``LaunchQueue/events``: making an
/// iterator subscribes to the queue's events, which are buffered until the iterator asks for them,
/// without limit. Its `next()` returns `nil` after ``LaunchEvent/ended(_:)`` or once the task that
/// iterates is cancelled, which also ends the subscription.
public typealias LaunchEventSequence<Rank: Comparable & Sendable> = AsyncInfallibleSequence<LaunchEvent<Rank>>
