import Streams

// `zip` and `combineLatest` of 2 to 8 shared sequences of the same sharing strategy, with a result
// selector or into tuples, in RxCocoa's shapes. Each forwards to `Observable`'s overload of the same
// arity, so the rules (when the result completes) are the typed forms', as in RxCocoa.

extension SharedSequence {
  /// Combines the n-th elements of two shared sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
    SharedSequence(Observable.zip(source1, source2, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of two shared sequences into tuples.
  public static func zip<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element)>.zip(source1, source2) { ($0, $1) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of two shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
    SharedSequence(Observable.combineLatest(source1, source2, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of two shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
  where SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of three shared sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy
  {
    SharedSequence(Observable.zip(source1, source2, source3, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of three shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>.zip(source1, source2, source3) {
      ($0, $1, $2)
    }
  }
}

extension SharedSequence {
  /// Combines the latest elements of three shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy
  {
    SharedSequence(Observable.combineLatest(source1, source2, source3, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of three shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of four shared sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence(Observable.zip(source1, source2, source3, source4, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of four shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of four shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence(Observable.combineLatest(source1, source2, source3, source4, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of four shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of five shared sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy
  {
    SharedSequence(Observable.zip(source1, source2, source3, source4, source5, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of five shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.zip(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of five shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(source1, source2, source3, source4, source5, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of five shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of six shared sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
  {
    SharedSequence(Observable.zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of six shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.zip(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of six shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  ///
  /// Each closure runs in its own isolation or the call is reported (Streams' contract article, "Isolation").
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of six shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy
  {
    SharedSequence<SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6) { ($0, $1, $2, $3, $4, $5) }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of seven shared sequences with `resultSelector`.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy
  {
    SharedSequence(
      Observable.zip(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of seven shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
  ) -> SharedSequence<
    SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  >
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy
  {
    SharedSequence<
      SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
    >.zip(source1, source2, source3, source4, source5, source6, source7) { ($0, $1, $2, $3, $4, $5, $6) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of seven shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(
        source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of seven shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
  ) -> SharedSequence<
    SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  >
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy
  {
    SharedSequence<
      SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
    >.combineLatest(source1, source2, source3, source4, source5, source6, source7) { ($0, $1, $2, $3, $4, $5, $6) }
  }
}

extension SharedSequence {
  /// Combines the n-th elements of eight shared sequences with `resultSelector`.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws
      -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
  {
    SharedSequence(
      Observable.zip(
        source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Pairs up the n-th elements of eight shared sequences into tuples.
  public static func zip<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8
  ) -> SharedSequence<
    SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
  >
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
  {
    SharedSequence<
      SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
    >.zip(source1, source2, source3, source4, source5, source6, source7, source8) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}

extension SharedSequence {
  /// Combines the latest elements of eight shared sequences with `resultSelector`, each time
  /// any of them sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8,
    resultSelector:
      @escaping (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws
      -> Element
  ) -> SharedSequence<SharingStrategy, Element>
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
  {
    SharedSequence(
      Observable.combineLatest(
        source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector))
  }
}

extension SharedSequenceConvertibleType where Element == Any {
  /// Combines the latest elements of eight shared sequences into tuples, each time any of them
  /// sends, once each has sent.
  public static func combineLatest<
    O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType,
    O4: SharedSequenceConvertibleType, O5: SharedSequenceConvertibleType, O6: SharedSequenceConvertibleType,
    O7: SharedSequenceConvertibleType, O8: SharedSequenceConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8
  ) -> SharedSequence<
    SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
  >
  where
    SharingStrategy == O1.SharingStrategy, SharingStrategy == O2.SharingStrategy, SharingStrategy == O3.SharingStrategy,
    SharingStrategy == O4.SharingStrategy, SharingStrategy == O5.SharingStrategy, SharingStrategy == O6.SharingStrategy,
    SharingStrategy == O7.SharingStrategy, SharingStrategy == O8.SharingStrategy
  {
    SharedSequence<
      SharingStrategy, (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)
    >.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
      ($0, $1, $2, $3, $4, $5, $6, $7)
    }
  }
}
