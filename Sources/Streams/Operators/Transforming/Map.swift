extension ObservableType {
  /// Transforms each element with `transform`.
  ///
  /// An error thrown by `transform` ends the sequence with that error and disposes upstream in the
  /// same tick.
  ///
  /// ```
  /// --1--2--3--|   map { $0 * 10 }
  /// --10-20-30-|
  /// ```
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
    Map(source: asObservable(), transform: transform)
  }
}

final class Map<Source, Result>: Producer<Result>, @unchecked Sendable {
  private let source: Observable<Source>
  private let transform: (Source) throws -> Result

  init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
    self.source = source
    self.transform = transform
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result
  {
    let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

final class MapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  private let transform: (Source) throws -> Observer.Element

  init(transform: @escaping (Source) throws -> Observer.Element, observer: Observer, cancel: Cancelable) {
    self.transform = transform
    super.init(observer: observer, cancel: cancel)
  }

  func onNext(_ element: Source) {
    do {
      forwardNext(try transform(element))
    } catch {
      forwardErrorAndDispose(error)
    }
  }

  func on(_ event: Event<Source>) {
    switch event {
    case .next(let element):
      onNext(element)
    case .error(let error):
      forwardOn(.error(error))
      dispose()
    case .completed:
      forwardOn(.completed)
      dispose()
    }
  }
}
