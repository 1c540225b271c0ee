// The overloads for three to eight sources share the collection form's body, over their sources'
// elements as `Any` (the same rules as the typed forms: one ``CombineLatestCore``); each casts the
// elements back for its selector.

extension ObservableType {
  /// Combines the latest elements of three sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [source1.erased, source2.erased, source3.erased],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element)
      })
  }

  /// Combines the latest elements of four sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [source1.erased, source2.erased, source3.erased, source4.erased],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector($0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element)
      })
  }

  /// Combines the latest elements of five sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [source1.erased, source2.erased, source3.erased, source4.erased, source5.erased],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector(
          $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element, $0[4] as! O5.Element
        )
      })
  }

  /// Combines the latest elements of six sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
      Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [
        source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased,
      ],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector(
          $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
          $0[4] as! O5.Element,
          $0[5] as! O6.Element)
      })
  }

  /// Combines the latest elements of seven sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    resultSelector:
      @escaping @isolated(any) (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
      throws -> Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [
        source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased, source7.erased,
      ],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector(
          $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
          $0[4] as! O5.Element,
          $0[5] as! O6.Element, $0[6] as! O7.Element)
      })
  }

  /// Combines the latest elements of eight sources; see `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType, O8: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8,
    resultSelector:
      @escaping @isolated(any) (
        O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element
      ) throws
      -> Element
  ) -> Observable<Element> {
    let resultSelector = Isolation.checked(resultSelector, "combineLatest")
    return combineLatest(
      sources: [
        source1.erased, source2.erased, source3.erased, source4.erased, source5.erased, source6.erased, source7.erased,
        source8.erased,
      ],
      releasingEachOnEnd: true,
      resultSelector: {
        try resultSelector(
          $0[0] as! O1.Element, $0[1] as! O2.Element, $0[2] as! O3.Element, $0[3] as! O4.Element,
          $0[4] as! O5.Element,
          $0[5] as! O6.Element, $0[6] as! O7.Element, $0[7] as! O8.Element)
      })
  }
}

extension ObservableType where Element == Any {
  /// Combines the latest elements of two sources into tuples.
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Combines the latest elements of three sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Combines the latest elements of four sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>.combineLatest(source1, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Combines the latest elements of five sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      source1, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the latest elements of six sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(
      source1, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Combines the latest elements of seven sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(
      source1, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Combines the latest elements of eight sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
    O7: ObservableConvertibleType, O8: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    _ source8: O8
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
      .combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
        ($0, $1, $2, $3, $4, $5, $6, $7)
      }
  }
}
