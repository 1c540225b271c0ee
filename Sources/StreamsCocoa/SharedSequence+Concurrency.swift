import Streams

extension SharedSequence where Element: Sendable {
  /// The elements of this shared sequence as an `AsyncStream`, for `for await` loops.
  ///
  /// Each access subscribes once; the stream finishes when the sequence completes, and
  /// cancelling the iterating task disposes the subscription. Elements are buffered without
  /// limit.
  ///
  /// ```swift
  /// for await name in viewModel.name.values {
  ///   label.text = name
  /// }
  /// ```
  @MainActor public var values: AsyncStream<Element> {
    AsyncStream { continuation in
      let subscription = asObservable().subscribe(
        onNext: { continuation.yield($0) },
        onCompleted: { continuation.finish() })
      let disposable = UncheckedSendable(subscription)  // Disposables may be disposed from any thread.
      continuation.onTermination = { termination in
        if case .cancelled = termination { disposable.value.dispose() }
      }
    }
  }
}
