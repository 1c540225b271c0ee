extension ObservableType {
  /// Combines the latest elements of two sources each time either sends, once both have sent.
  ///
  /// Completes when both complete, or when one completes without ever sending (no combination
  /// can come once the other sends or completes). The first error ends the result.
  ///
  /// ```
  /// --1-----2-----|
  /// ----a-----b---|   combineLatest
  /// ----1a--2a-2b-|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2, resultSelector: @escaping @isolated(any) (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    CombineLatest2(
      source1.asObservable(), source2.asObservable(),
      resultSelector: Isolation.checked(resultSelector, "combineLatest"))
  }
}
