extension PrimitiveSequenceType {
  /// Zips trait sequences of any element types with the rules of `Observable.zip`: `combine`
  /// receives their elements in order, and casts them back.
  fileprivate static func zipErased<Result>(
    _ sources: [Observable<Any>], _ combine: @escaping ([Any]) throws -> Result
  ) -> PrimitiveSequence<Trait, Result> {
    PrimitiveSequence(raw: Observable.zip(sources, resultSelector: combine))
  }
}

// Single and Maybe: 2 to 8 sources, with a result selector or into a tuple. Subscribes to the
// sources in order; succeeds once all succeeded, fails at the first error; a Maybe completes empty
// as soon as one of its sources does.

extension PrimitiveSequenceType where Trait: ZippableTrait {
  /// Combines the elements of 2 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    resultSelector: @escaping @isolated(any) (E1, E2) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased([source1.erased, source2.erased]) {
      try resultSelector($0[0] as! E1, $0[1] as! E2)
    }
  }

  /// Combines the elements of 3 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased([source1.erased, source2.erased, source3.erased]) {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3)
    }
  }

  /// Combines the elements of 4 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased([source1.erased, source2.erased, source3.erased, source4.erased]) {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4)
    }
  }

  /// Combines the elements of 5 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased([source1.erased, source2.erased, source3.erased, source4.erased, source5.erased]) {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5)
    }
  }

  /// Combines the elements of 6 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased(
      [source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased]
    ) {
      try resultSelector($0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5, $0[5] as! E6)
    }
  }

  /// Combines the elements of 7 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased(
      [
        source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased, source7.erased,
      ]
    ) {
      try resultSelector(
        $0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5, $0[5] as! E6, $0[6] as! E7)
    }
  }

  /// Combines the elements of 8 sequences with `resultSelector`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> PrimitiveSequence<Trait, Element> {
    let resultSelector = Isolation.checked(resultSelector, "zip")
    return zipErased(
      [
        source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased, source7.erased,
        source8.erased,
      ]
    ) {
      try resultSelector(
        $0[0] as! E1, $0[1] as! E2, $0[2] as! E3, $0[3] as! E4, $0[4] as! E5, $0[5] as! E6, $0[6] as! E7, $0[7] as! E8)
    }
  }
}

extension PrimitiveSequenceType where Element == Any, Trait: ZippableTrait {
  /// Pairs the elements of 2 sequences into a tuple.
  public static func zip<E1, E2>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>
  ) -> PrimitiveSequence<Trait, (E1, E2)> {
    PrimitiveSequence<Trait, (E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Pairs the elements of 3 sequences into a tuple.
  public static func zip<E1, E2, E3>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3)> {
    PrimitiveSequence<Trait, (E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Pairs the elements of 4 sequences into a tuple.
  public static func zip<E1, E2, E3, E4>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4)>.zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
  }

  /// Pairs the elements of 5 sequences into a tuple.
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5)>.zip(source1, source2, source3, source4, source5) {
      ($0, $1, $2, $3, $4)
    }
  }

  /// Pairs the elements of 6 sequences into a tuple.
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6)>.zip(source1, source2, source3, source4, source5, source6) {
      ($0, $1, $2, $3, $4, $5)
    }
  }

  /// Pairs the elements of 7 sequences into a tuple.
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7)>.zip(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Pairs the elements of 8 sequences into a tuple.
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: PrimitiveSequence<Trait, E1>, _ source2: PrimitiveSequence<Trait, E2>,
    _ source3: PrimitiveSequence<Trait, E3>, _ source4: PrimitiveSequence<Trait, E4>,
    _ source5: PrimitiveSequence<Trait, E5>, _ source6: PrimitiveSequence<Trait, E6>,
    _ source7: PrimitiveSequence<Trait, E7>, _ source8: PrimitiveSequence<Trait, E8>
  ) -> PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)> {
    PrimitiveSequence<Trait, (E1, E2, E3, E4, E5, E6, E7, E8)>.zip(
      source1, source2, source3, source4, source5, source6, source7, source8
    ) { ($0, $1, $2, $3, $4, $5, $6, $7) }
  }
}
