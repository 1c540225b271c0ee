/// The elements of a sequence that cannot fail, as an `AsyncSequence` that does not throw: the
/// `values` of ``Infallible``, ``PublishRelay``, ``BehaviorRelay`` and ``ReplayRelay``.
///
/// It behaves like ``AsyncObservableSequence`` (one subscription per iterator, made in
/// ``makeAsyncIterator()``; disposed when the loop ends, breaks or its task is cancelled), but
/// the loop needs no `try`:
///
/// ```swift
/// let query = BehaviorRelay(value: "")
/// Task {
///   for await text in query.values {
///     print("search for", text)
///   }
/// }
/// ```
@frozen public struct AsyncInfallibleSequence<Element: Sendable>: AsyncSequence, Sendable {
  @usableFromInline let base: AsyncObservableSequence<Element>

  @inlinable
  init(source: Observable<Element>, policy: AsyncInfallibleBufferingPolicy) {
    base = AsyncObservableSequence(source: source, policy: policy.asBufferingPolicy)
  }

  /// Subscribes to the source now, with a buffer of its own, and returns the iterator that reads
  /// from it.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// Reads one subscription's elements. Not `Sendable`: one consumer per iterator.
  ///
  /// When the iterator and all its copies are gone, the subscription is disposed.
  @frozen
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: AsyncObservableSequence<Element>.Iterator

    @inlinable
    init(base: AsyncObservableSequence<Element>.Iterator) {
      self.base = base
    }

    /// The next element, or `nil` when the source completed or the task was cancelled.
    @inlinable
    public mutating func next() async -> Element? {
      // The source cannot fail and the policy cannot overflow, so nothing is thrown here.
      (try? await base.next()) ?? nil
    }

    /// The next element, or `nil` when the source completed or the task was cancelled, without
    /// leaving `actor`.
    @inlinable
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      (try? await base.next(isolation: actor)) ?? nil
    }
  }
}

@available(*, unavailable, message: "One consumer per iterator: create an iterator in each task instead.")
extension AsyncInfallibleSequence.Iterator: Sendable {}
