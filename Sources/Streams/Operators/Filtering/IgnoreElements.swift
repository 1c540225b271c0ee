extension ObservableType {
  /// Drops every element and keeps only the terminal event.
  ///
  /// ```
  /// --1--2--|   ignoreElements()
  /// --------|
  /// ```
  public func ignoreElements() -> Observable<Swift.Never> {
    compactMap { _ in nil }
  }
}
