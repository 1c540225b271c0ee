extension ObservableType {
  /// Combines the latest elements of any number of sources of one type.
  ///
  /// An empty collection sends `resultSelector([])` once, then completes.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    combineLatest(
      sources: collection.map { $0.asObservable() }, releasingEachOnEnd: false,
      resultSelector: Isolation.checked(resultSelector, "combineLatest"))
  }

  /// The body of the collection form and of the forms with three to eight sources.
  ///
  /// - Parameter releasingEachOnEnd: whether a source is disposed as it ends, before the result's
  ///   terminal event. RxSwift's fixed-arity forms do (`CombineLatestObserver`); its collection form
  ///   doesn't, and disposes every source after the terminal event.
  static func combineLatest<Source>(
    sources: [Observable<Source>], releasingEachOnEnd: Bool, resultSelector: @escaping ([Source]) throws -> Element
  ) -> Observable<Element> {
    Observable.create { observer in
      if sources.isEmpty {
        do {
          observer.onNext(try resultSelector([]))
          observer.onCompleted()
        } catch {
          observer.onError(error)
        }
        return Disposables.create()
      }
      var latest = [Source?](repeating: nil, count: sources.count)
      let core = CombineLatestCore(arity: sources.count, observer: observer) {
        try resultSelector(latest.map { $0! })
      }
      return Disposables.create(
        sources.enumerated().map { index, source in
          let handler: (Event<Source>) -> Void = { core.receive($0, from: index) { latest[index] = $0 } }
          return releasingEachOnEnd ? source.subscribeReleasingOnEnd(handler) : source.subscribe(handler)
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
