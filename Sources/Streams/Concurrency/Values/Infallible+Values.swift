extension Infallible where Element: Sendable {
  /// The sequence's elements as a non-throwing `AsyncSequence`, buffering without limit.
  ///
  /// Each `for await` loop subscribes once; see ``AsyncInfallibleSequence``.
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
  /// `bufferingPolicy`.
  @inlinable
  public func values(bufferingPolicy: AsyncInfallibleBufferingPolicy) -> AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: bufferingPolicy)
  }
}
