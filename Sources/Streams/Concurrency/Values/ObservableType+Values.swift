extension ObservableType where Element: Sendable {
  /// The sequence's elements as an `AsyncSequence`, buffering without limit.
  ///
  /// Nothing happens until a loop starts: each `for try await` subscribes once. See
  /// ``AsyncObservableSequence`` for the rules.
  ///
  /// ```swift
  /// for try await value in Observable.of(1, 2, 3).values {
  ///   print(value)
  /// }
  /// // Prints:
  /// // 1
  /// // 2
  /// // 3
  /// ```
  @inlinable
  public var values: AsyncObservableSequence<Element> {
    AsyncObservableSequence(source: asObservable(), policy: .unbounded)
  }

  /// The sequence's elements as an `AsyncSequence` whose iterators buffer by `bufferingPolicy`.
  ///
  /// - Parameter bufferingPolicy: what each iterator does with elements that arrive while its
  ///   loop body runs; see ``AsyncBufferingPolicy``.
  @inlinable
  public func values(bufferingPolicy: AsyncBufferingPolicy) -> AsyncObservableSequence<Element> {
    AsyncObservableSequence(source: asObservable(), policy: bufferingPolicy)
  }
}

extension PublishRelay where Element: Sendable {
  /// The relay's elements as a non-throwing `AsyncSequence`, buffering without limit; each loop
  /// receives the elements accepted after it started.
  @inlinable
  public var values: AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: .unbounded)
  }

  /// The relay's elements as a non-throwing `AsyncSequence` whose iterators buffer by
  /// `bufferingPolicy`.
  @inlinable
  public func values(bufferingPolicy: AsyncInfallibleBufferingPolicy) -> AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: bufferingPolicy)
  }
}

extension BehaviorRelay where Element: Sendable {
  /// The relay's values as a non-throwing `AsyncSequence`, buffering without limit; each loop
  /// receives the current value first, then every later one.
  @inlinable
  public var values: AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: .unbounded)
  }

  /// The relay's values as a non-throwing `AsyncSequence` whose iterators buffer by
  /// `bufferingPolicy`; each loop receives the current value first.
  @inlinable
  public func values(bufferingPolicy: AsyncInfallibleBufferingPolicy) -> AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: bufferingPolicy)
  }
}

extension ReplayRelay where Element: Sendable {
  /// The relay's elements as a non-throwing `AsyncSequence`, buffering without limit; each loop
  /// receives the replayed elements first, then every later one.
  @inlinable
  public var values: AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: .unbounded)
  }

  /// The relay's elements as a non-throwing `AsyncSequence` whose iterators buffer by
  /// `bufferingPolicy`; each loop receives the replayed elements first.
  @inlinable
  public func values(bufferingPolicy: AsyncInfallibleBufferingPolicy) -> AsyncInfallibleSequence<Element> {
    AsyncInfallibleSequence(source: asObservable(), policy: bufferingPolicy)
  }
}
