extension Infallible {
  /// Combines the latest elements of two infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping @isolated(any) (I1.Element, I2.Element) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.combineLatest(source1, source2, resultSelector: resultSelector))
  }

  /// Combines the latest elements of three infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping @isolated(any) (I1.Element, I2.Element, I3.Element) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.combineLatest(source1, source2, source3, resultSelector: resultSelector))
  }

  /// Combines the latest elements of four infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector: @escaping @isolated(any) (I1.Element, I2.Element, I3.Element, I4.Element) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.combineLatest(source1, source2, source3, source4, resultSelector: resultSelector))
  }

  /// Combines the latest elements of five infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
    resultSelector:
      @escaping @isolated(any) (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.combineLatest(source1, source2, source3, source4, source5, resultSelector: resultSelector))
  }

  /// Combines the latest elements of six infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
    resultSelector:
      @escaping @isolated(any) (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) throws ->
      Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector))
  }

  /// Combines the latest elements of seven infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
    resultSelector:
      @escaping @isolated(any) (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)
      throws -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector))
  }

  /// Combines the latest elements of eight infallible sequences; see
  /// `combineLatest(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
    _ source8: I8,
    resultSelector:
      @escaping @isolated(any) (
        I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element
      ) throws
      -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.combineLatest(
        source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector))
  }
}

extension InfallibleType where Element == Any {
  /// Combines the latest elements of two infallible sequences into tuples.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>(Observable.combineLatest(source1, source2))
  }

  /// Combines the latest elements of three infallible sequences into tuples.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>(Observable.combineLatest(source1, source2, source3))
  }

  /// Combines the latest elements of four infallible sequences into tuples.
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>(
      Observable.combineLatest(source1, source2, source3, source4))
  }

  /// Combines the latest elements of five infallible sequences into tuples.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element)>(
      Observable.combineLatest(source1, source2, source3, source4, source5))
  }

  /// Combines the latest elements of six infallible sequences into tuples.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element)>(
      Observable.combineLatest(source1, source2, source3, source4, source5, source6))
  }

  /// Combines the latest elements of seven infallible sequences into tuples.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType, I7: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element)>(
      Observable.combineLatest(source1, source2, source3, source4, source5, source6, source7))
  }

  /// Combines the latest elements of eight infallible sequences into tuples.
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType,
    I6: InfallibleType, I7: InfallibleType, I8: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
    _ source8: I8
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element)>(
      Observable.combineLatest(source1, source2, source3, source4, source5, source6, source7, source8))
  }
}

extension InfallibleType {
  /// Combines the latest elements of any number of infallible sequences of one type.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Collection.Element.Element]) throws -> Element
  ) -> Infallible<Element> where Collection.Element: InfallibleType {
    Infallible(Observable.combineLatest(collection, resultSelector: resultSelector))
  }

  /// Combines the latest elements of any number of infallible sequences of one type into arrays.
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
  where Collection.Element: InfallibleType, Collection.Element.Element == Element {
    Infallible<[Element]>(Observable.combineLatest(collection))
  }
}
