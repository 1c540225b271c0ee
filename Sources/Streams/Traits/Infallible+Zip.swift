extension InfallibleType {
  /// Combines the n-th elements of two infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>,
    resultSelector: @escaping @isolated(any) (E1, E2) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.zip(source1, source2, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of three infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.zip(source1, source2, source3, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of four infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.zip(source1, source2, source3, source4, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of five infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.zip(source1, source2, source3, source4, source5, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of six infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6) throws -> Element
  ) -> Infallible<Element> {
    Infallible(Observable.zip(source1, source2, source3, source4, source5, source6, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of seven infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6, E7) throws -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(source1, source2, source3, source4, source5, source6, source7, resultSelector: resultSelector))
  }

  /// Combines the n-th elements of eight infallible sequences; see
  /// `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>,
    resultSelector: @escaping @isolated(any) (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element
  ) -> Infallible<Element> {
    Infallible(
      Observable.zip(
        source1, source2, source3, source4, source5, source6, source7, source8, resultSelector: resultSelector))
  }
}

extension InfallibleType where Element == Any {
  /// Combines the n-th elements of two infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2>(_ source1: Infallible<E1>, _ source2: Infallible<E2>) -> Infallible<(E1, E2)> {
    Infallible<(E1, E2)>(Observable.zip(source1, source2))
  }

  /// Combines the n-th elements of three infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3>(_ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>)
    -> Infallible<(E1, E2, E3)>
  {
    Infallible<(E1, E2, E3)>(Observable.zip(source1, source2, source3))
  }

  /// Combines the n-th elements of four infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3, E4>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>
  ) -> Infallible<(E1, E2, E3, E4)> {
    Infallible<(E1, E2, E3, E4)>(Observable.zip(source1, source2, source3, source4))
  }

  /// Combines the n-th elements of five infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3, E4, E5>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>
  ) -> Infallible<(E1, E2, E3, E4, E5)> {
    Infallible<(E1, E2, E3, E4, E5)>(Observable.zip(source1, source2, source3, source4, source5))
  }

  /// Combines the n-th elements of six infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3, E4, E5, E6>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>
  ) -> Infallible<(E1, E2, E3, E4, E5, E6)> {
    Infallible<(E1, E2, E3, E4, E5, E6)>(Observable.zip(source1, source2, source3, source4, source5, source6))
  }

  /// Combines the n-th elements of seven infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3, E4, E5, E6, E7>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>
  ) -> Infallible<(E1, E2, E3, E4, E5, E6, E7)> {
    Infallible<(E1, E2, E3, E4, E5, E6, E7)>(
      Observable.zip(source1, source2, source3, source4, source5, source6, source7))
  }

  /// Combines the n-th elements of eight infallible sequences into tuples (a Streams
  /// addition: RxSwift's `Infallible.zip` needs a result selector).
  public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
    _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
    _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>
  ) -> Infallible<(E1, E2, E3, E4, E5, E6, E7, E8)> {
    Infallible<(E1, E2, E3, E4, E5, E6, E7, E8)>(
      Observable.zip(source1, source2, source3, source4, source5, source6, source7, source8))
  }
}
