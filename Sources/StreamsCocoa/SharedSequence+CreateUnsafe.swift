import Streams

extension SharedSequence {
  /// Wraps `source` as is: no `observe(on:)`, no sharing, no error handling.
  ///
  /// The caller promises what the strategy promises (for a ``Driver``: no errors, delivery on the
  /// main thread, replay of the latest element); nothing checks it. Use it only for a source that
  /// already keeps those rules, such as one built from other shared sequences.
  public static func createUnsafe<Source: ObservableType>(source: Source) -> SharedSequence<
    SharingStrategy, Source.Element
  > {
    SharedSequence<SharingStrategy, Source.Element>(raw: source.asObservable())
  }
}
