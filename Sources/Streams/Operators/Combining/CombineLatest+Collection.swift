extension ObservableType {
  /// Combines the latest elements of any number of sources of one type.
  ///
  /// An empty collection sends `resultSelector([])` once, then completes.
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    let resultSelector = Isolation.guarded(resultSelector, "combineLatest", isolation, file, line)
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

  /// Combines the latest elements of any number of sources of one type into arrays.
  ///
  /// An empty collection sends `[]` once, then completes.
  public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.combineLatest(collection) { $0 }
  }
}
