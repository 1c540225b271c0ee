// Instance forms (a Streams addition, in the style of Combine's `a.combineLatest(b)`): RxSwift has only the
// static `Observable.combineLatest(a, b)`, which these call.

extension ObservableType {
  /// Combines the latest elements of this sequence and another source into tuples; the instance form of
  /// `combineLatest(_:_:)`.
  public func combineLatest<O2: ObservableConvertibleType>(_ source2: O2) -> Observable<(Element, O2.Element)> {
    Observable<(Element, O2.Element)>.combineLatest(self, source2) { ($0, $1) }
  }

  /// Combines the latest elements of this sequence and another source with `resultSelector`; the instance form of
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func combineLatest<O2: ObservableConvertibleType, Result>(
    _ source2: O2, resultSelector: @escaping @isolated(any) (Element, O2.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and two more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:)`.
  public func combineLatest<O2: ObservableConvertibleType, O3: ObservableConvertibleType>(_ source2: O2, _ source3: O3)
    -> Observable<(Element, O2.Element, O3.Element)>
  {
    Observable<(Element, O2.Element, O3.Element)>.combineLatest(self, source2, source3) { ($0, $1, $2) }
  }

  /// Combines the latest elements of this sequence and two more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func combineLatest<O2: ObservableConvertibleType, O3: ObservableConvertibleType, Result>(
    _ source2: O2, _ source3: O3,
    resultSelector: @escaping @isolated(any) (Element, O2.Element, O3.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and three more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:_:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType
  >(_ source2: O2, _ source3: O3, _ source4: O4) -> Observable<(Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(Element, O2.Element, O3.Element, O4.Element)>.combineLatest(self, source2, source3, source4) {
      ($0, $1, $2, $3)
    }
  }

  /// Combines the latest elements of this sequence and three more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType, Result
  >(
    _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping @isolated(any) (Element, O2.Element, O3.Element, O4.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, source4, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and four more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:_:_:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType
  >(_ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5) -> Observable<
    (Element, O2.Element, O3.Element, O4.Element, O5.Element)
  > {
    Observable<(Element, O2.Element, O3.Element, O4.Element, O5.Element)>.combineLatest(
      self, source2, source3, source4, source5
    ) { ($0, $1, $2, $3, $4) }
  }

  /// Combines the latest elements of this sequence and four more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, Result
  >(
    _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
    resultSelector: @escaping @isolated(any) (Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, source4, source5, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and five more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:_:_:_:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType
  >(_ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6) -> Observable<
    (Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)
  > {
    Observable<(Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>.combineLatest(
      self, source2, source3, source4, source5, source6
    ) { ($0, $1, $2, $3, $4, $5) }
  }

  /// Combines the latest elements of this sequence and five more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:_:_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType, Result
  >(
    _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
    resultSelector:
      @escaping @isolated(any) (Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, source4, source5, source6, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and six more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:_:_:_:_:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType
  >(_ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7) -> Observable<
    (Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
  > {
    Observable<(Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>.combineLatest(
      self, source2, source3, source4, source5, source6, source7
    ) { ($0, $1, $2, $3, $4, $5, $6) }
  }

  /// Combines the latest elements of this sequence and six more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:_:_:_:_:resultSelector:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType, Result
  >(
    _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
    resultSelector:
      @escaping (Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) throws -> Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector)
  }

  /// Combines the latest elements of this sequence and seven more sources into tuples; the instance form of
  /// `combineLatest(_:_:_:_:_:_:_:_:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType,
    O8: ObservableConvertibleType
  >(_ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8)
    -> Observable<(Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
  {
    Observable<(Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
      .combineLatest(self, source2, source3, source4, source5, source6, source7, source8) {
        ($0, $1, $2, $3, $4, $5, $6, $7)
      }
  }

  /// Combines the latest elements of this sequence and seven more sources with `resultSelector`; the instance form of
  /// `combineLatest(_:_:_:_:_:_:_:_:resultSelector:)`.
  public func combineLatest<
    O2: ObservableConvertibleType, O3: ObservableConvertibleType, O4: ObservableConvertibleType,
    O5: ObservableConvertibleType, O6: ObservableConvertibleType, O7: ObservableConvertibleType,
    O8: ObservableConvertibleType, Result
  >(
    _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7, _ source8: O8,
    resultSelector:
      @escaping (Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) throws ->
      Result
  ) -> Observable<Result> {
    Observable<Result>.combineLatest(
      self, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector)
  }
}
