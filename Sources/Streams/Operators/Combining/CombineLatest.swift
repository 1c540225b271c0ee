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
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    CombineLatest2(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector)
  }

  /// Combines the latest elements of three sources; see ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    let (s1, s2, s3) = (source1.asObservable(), source2.asObservable(), source3.asObservable())
    return Observable.create { observer in
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      let core = CombineLatestCore(arity: 3, observer: observer) { try resultSelector(v1!, v2!, v3!) }
      return Disposables.create(
        s1.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        s2.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        s3.subscribe { core.receive($0, from: 2) { v3 = $0 } })
    }
  }

  /// Combines the latest elements of four sources; see ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    let sources = (source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable())
    return Observable.create { observer in
      var v1: O1.Element?
      var v2: O2.Element?
      var v3: O3.Element?
      var v4: O4.Element?
      let core = CombineLatestCore(arity: 4, observer: observer) { try resultSelector(v1!, v2!, v3!, v4!) }
      return Disposables.create([
        sources.0.subscribe { core.receive($0, from: 0) { v1 = $0 } },
        sources.1.subscribe { core.receive($0, from: 1) { v2 = $0 } },
        sources.2.subscribe { core.receive($0, from: 2) { v3 = $0 } },
        sources.3.subscribe { core.receive($0, from: 3) { v4 = $0 } },
      ])
    }
  }

  /// Combines the latest elements of any number of sources of one type.
  ///
  /// An empty collection sends `resultSelector([])` once, then completes.
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    let sources = collection.map { $0.asObservable() }
    return Observable.create { observer in
      if sources.isEmpty {
        do {
          observer.onNext(try resultSelector([]))
          observer.onCompleted()
        } catch {
          observer.onError(error)
        }
        return Disposables.create()
      }
      var latest = [Collection.Element.Element?](repeating: nil, count: sources.count)
      let core = CombineLatestCore(arity: sources.count, observer: observer) {
        try resultSelector(latest.map { $0! })
      }
      return Disposables.create(
        sources.enumerated().map { index, source in
          source.subscribe { core.receive($0, from: index) { latest[index] = $0 } }
        })
    }
  }
}

extension ObservableType {
  /// Pairs the latest elements of two sources; see ``combineLatest(_:_:resultSelector:)``.
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<Element> where Element == (O1.Element, O2.Element) {
    combineLatest(source1, source2) { ($0, $1) }
  }

  /// Combines the latest elements of three sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(_ source1: O1, _ source2: O2, _ source3: O3) -> Observable<Element>
  where Element == (O1.Element, O2.Element, O3.Element) {
    combineLatest(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Combines the latest elements of four sources into tuples.
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4) -> Observable<Element>
  where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
    combineLatest(source1, source2, source3, source4) { ($0, $1, $2, $3) }
  }

  /// Combines the latest elements of any number of sources into arrays.
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
  where Collection.Element: ObservableConvertibleType, Element == [Collection.Element.Element] {
    combineLatest(collection) { $0 }
  }
}
