extension ObservableType {
  /// Resubscribes after every error, for ever.
  ///
  /// Each resubscription is queued until the failed attempt's `on(.error)` returns, so a source
  /// that fails while being subscribed is retried in a loop, not by nesting calls.
  public func retry() -> Observable<Element> {
    let source = asObservable()
    return CatchSequence { Swift.repeatElement(source, count: Int.max).makeIterator() }
  }

  /// Subscribes up to `maxAttemptCount` times in all; the last attempt's error is sent.
  /// `retry(0)` completes at once without subscribing.
  ///
  /// ```
  /// --1--#             retry(2), each attempt the same
  /// --1----1--#
  /// ```
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    let source = asObservable()
    return CatchSequence { Swift.repeatElement(source, count: max(0, maxAttemptCount)).makeIterator() }
  }
}
