extension ObservableType {
  /// Merges the events of `sources`: subscribes to each, in order, at once; completes when all
  /// completed and fails on the first error, disposing the rest.
  ///
  /// ```
  /// --1-----3--|
  /// ----2------4--|   merge
  /// --1-2---3--4--|
  /// ```
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
  where Collection.Element == Observable<Element> {
    merge(Array(sources))
  }

  /// Merges the events of an array of sources; see `merge(_:)`.
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Flatten(source: SourcesNow(sources), strategy: .merge(maxConcurrent: .max)) { $0 }
  }

  /// Merges the events of the given sources; see `merge(_:)`. With no source, the
  /// result completes at once.
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    merge(sources)
  }

}

/// Sends the given sources, then completion, inside the subscribe call itself (no trampoline), so
/// that `merge` subscribes to every source before its own subscribe returns, as RxSwift does.
final class SourcesNow<Element>: Producer<Observable<Element>>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let sources: [Observable<Element>]

  init(_ sources: [Observable<Element>]) {
    self.sources = sources
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Observable<Element>
  {
    let sink = Sink(observer: observer, cancel: cancel)
    for source in sources {
      sink.forwardNext(source)
    }
    sink.forwardOn(.completed)
    sink.dispose()
    return (sink, Disposables.create())
  }
}
