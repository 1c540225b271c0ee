/// An observable sequence that cannot fail: ``Infallible``, ``PublishRelay``, ``BehaviorRelay`` and ``ReplayRelay``. Its `values` loop needs no `try`.
public protocol NeverFailingObservableType: ObservableType {}

extension NeverFailingObservableType where Element: Sendable {
  /// The sequence's elements as a non-throwing `AsyncSequence`, buffering without limit.
  ///
  /// Each `for await` loop subscribes once; see ``AsyncInfallibleSequence``. A relay is a
  /// broadcast: each loop receives the elements sent after it started, a ``BehaviorRelay``'s
  /// current value first, a ``ReplayRelay``'s replayed elements first.
  ///
  /// ```swift
  /// for await value in Infallible.of(1, 2, 3).values {
  ///   print(value)
  /// }
  /// ```
  @inlinable
  public var values: AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: .unbounded)
  }

  /// The sequence's elements as a non-throwing `AsyncSequence` whose iterators buffer by
  /// `bufferingPolicy`; each loop receives what ``values`` would.
  @inlinable
  public func values(bufferingPolicy: AsyncInfallibleBufferingPolicy) -> AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: bufferingPolicy)
  }
}

extension Infallible: NeverFailingObservableType {}

extension PublishRelay: NeverFailingObservableType {}

extension BehaviorRelay: NeverFailingObservableType {}

extension ReplayRelay: NeverFailingObservableType {}
