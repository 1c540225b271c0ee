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
