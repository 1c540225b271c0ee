import Streams

extension SharedSequenceConvertibleType {
  /// Combines each element with the latest element of `second` (elements before `second`'s
  /// first one are dropped).
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public func withLatestFrom<SecondO: SharedSequenceConvertibleType, ResultType>(
    _ second: SecondO, resultSelector: @escaping @isolated(any) (Element, SecondO.Element) -> ResultType
  ) -> SharedSequence<SharingStrategy, ResultType> where SecondO.SharingStrategy == SharingStrategy {
    SharedSequence(asObservable().withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector))
  }

  /// Sends the latest element of `second` each time this sequence sends one (nothing before
  /// `second`'s first element).
  public func withLatestFrom<SecondO: SharedSequenceConvertibleType>(_ second: SecondO) -> SharedSequence<
    SharingStrategy, SecondO.Element
  > {
    SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
  }
}

extension SharedSequence {
  /// Combines the n-th elements of all shared sequences of `collection` with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) throws -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Result>(Observable.zip(collection, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of all shared sequences of `collection` into arrays.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, [Element]
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection))
  }

  /// Combines the latest elements of all shared sequences of `collection` with `resultSelector`,
  /// each time any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) throws -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Result>(Observable.combineLatest(collection, resultSelector: resultSelector))
  }

  /// Combines the latest elements of all shared sequences of `collection` into arrays, each time
  /// any of them sends, once each has sent.
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<
    SharingStrategy, [Element]
  > where Collection.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection))
  }
}
