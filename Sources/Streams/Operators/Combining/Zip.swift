extension ObservableType {
  /// Pairs the n-th elements of two sources.
  ///
  /// Completes when both sources have completed, even if no further pair can form (RxSwift's
  /// rule: `zip(never, empty)` never completes). The first error ends the result.
  ///
  /// ```
  /// --1--2-----3--|
  /// ----a--b-------|   zip
  /// ----1a-2b------|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2, resultSelector: @escaping @isolated(any) (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    let resultSelector =
      Isolation.checked(resultSelector, "zip")
    let (s1, s2) = (source1.asObservable(), source2.asObservable())
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      let core = ZipCore(arity: 2, observer: observer) { try resultSelector(q1.dequeue(), q2.dequeue()) }
      return Disposables.create(
        s1.subscribeReleasingOnEnd { core.receive($0, from: 0) { q1.enqueue($0) } },
        s2.subscribeReleasingOnEnd { core.receive($0, from: 1) { q2.enqueue($0) } })
    }
  }

  /// Combines the n-th elements of three sources; see `zip(_:_:resultSelector:)`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @isolated(any) (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    let resultSelector =
      Isolation.checked(resultSelector, "zip")
    let (s1, s2, s3) = (source1.asObservable(), source2.asObservable(), source3.asObservable())
    return Observable.create { observer in
      var q1 = Queue<O1.Element>()
      var q2 = Queue<O2.Element>()
      var q3 = Queue<O3.Element>()
      let core = ZipCore(arity: 3, observer: observer) {
        try resultSelector(q1.dequeue(), q2.dequeue(), q3.dequeue())
      }
      return Disposables.create(
        s1.subscribeReleasingOnEnd { core.receive($0, from: 0) { q1.enqueue($0) } },
        s2.subscribeReleasingOnEnd { core.receive($0, from: 1) { q2.enqueue($0) } },
        s3.subscribeReleasingOnEnd { core.receive($0, from: 2) { q3.enqueue($0) } })
    }
  }

  /// Combines the n-th elements of any number of sources of one type.
  ///
  /// An empty collection completes at once, with no element. Completes when every source has
  /// completed, or when an element arrives while every other source has completed and some
  /// queue is empty (RxSwift's rule for this form). The first error ends the result.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    ZipCollection(
      sources: collection.map { $0.asObservable() },
      resultSelector: Isolation.checked(resultSelector, "zip"))
  }
}
