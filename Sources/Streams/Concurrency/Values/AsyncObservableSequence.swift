/// The elements of an observable sequence as an `AsyncSequence`: ``ObservableType/values``.
///
/// Creating the sequence does nothing. Each call to ``makeAsyncIterator()`` (each `for try await`
/// loop) subscribes once, synchronously, with its own buffer, so the subscription is live before
/// the loop first suspends:
///
/// ```swift
/// let prices = PublishSubject<Int>()
/// Task {
///   for try await price in prices.values {
///     print(price)
///   }
///   print("done")
/// }
/// ```
///
/// - The loop receives every element in order (with the default ``AsyncBufferingPolicy/unbounded``
///   policy), ends when the source completes, and throws the source's error after the elements
///   that came before it.
/// - Leaving the loop early (`break`, `return`, a thrown error) releases the iterator, which
///   disposes the subscription.
/// - Cancelling the loop's task disposes the subscription at once; the loop then receives the
///   elements already buffered and throws `CancellationError`, as RxSwift's `values` does. If the
///   source had already ended (a synchronous source such as `from(1...10)` ends while the
///   iterator subscribes), cancellation changes nothing: every element arrives, then its end.
/// - Subjects and relays are broadcasts: each loop registers separately and sees every element
///   sent after it subscribed; a ``BehaviorSubject`` sends its current value first and a
///   ``ReplaySubject`` its buffer, registered in the same step so no element is missed or repeated.
///   A slow loop never blocks `onNext` or the other loops.
@frozen public struct AsyncObservableSequence<Element: Sendable>: AsyncSequence, Sendable {
  @usableFromInline let source: Observable<Element>
  @usableFromInline let policy: AsyncBufferingPolicy

  @inlinable
  init(source: Observable<Element>, policy: AsyncBufferingPolicy) {
    self.source = source
    self.policy = policy
  }

  /// Subscribes to the source now, with a buffer of its own, and returns the iterator that reads
  /// from it.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(core: ValuesIteratorCore(source: source, policy: policy))
  }

  /// Reads one subscription's elements. Not `Sendable`: one consumer per iterator.
  ///
  /// When the iterator and all its copies are gone, the subscription is disposed.
  @frozen
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var core: ValuesIteratorCore<Element>

    @inlinable
    init(core: ValuesIteratorCore<Element>) {
      self.core = core
    }

    /// The next element, or `nil` when the source completed or the task was cancelled.
    ///
    /// - Throws: the source's error, once, after the elements sent before it; or
    ///   ``AsyncBridgeError/bufferOverflow(limit:)`` with ``AsyncBufferingPolicy/failOnOverflow(_:)``.
    @inlinable
    public mutating func next() async throws -> Element? {
      try await core.next(isolation: nil)
    }

    /// The next element, or `nil` when the source completed or the task was cancelled, without
    /// leaving `actor`.
    ///
    /// - Throws: the source's error, once, after the elements sent before it; or
    ///   ``AsyncBridgeError/bufferOverflow(limit:)`` with ``AsyncBufferingPolicy/failOnOverflow(_:)``.
    @inlinable
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
      try await core.next(isolation: actor)
    }
  }
}

@available(*, unavailable, message: "One consumer per iterator: create an iterator in each task instead.")
extension AsyncObservableSequence.Iterator: Sendable {}
