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
  public func map<Result>(
    _ transform: @escaping (Element) throws -> Result, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Observable<Result> {
    Map(
      source: asObservable(),
      transform: (isolation == nil ? transform : Isolation.guarded(transform, "map", isolation, file, line)))
  }
}

final class Map<Source, Result>: ElementOperator<Source, Result>, @unchecked Sendable {
  private let transform: (Source) throws -> Result

  init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
    self.transform = transform
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Source, Observer> where Observer.Element == Result
  {
    MapSink<Source, Result, Observer>(transform: transform, observer: observer, cancel: cancel)
  }
}

/// `Result` is `Observer.Element` as a type parameter of its own: generic code finds its metadata in
/// the class's, where `Observer.Element` would cost an associated-type lookup per element.
final class MapSink<Source, Result, Observer: ObserverType>: ElementSink<Source, Observer>, @unchecked Sendable
where Observer.Element == Result {
  private let transform: (Source) throws -> Result

  init(transform: @escaping (Source) throws -> Result, observer: Observer, cancel: Cancelable) {
    self.transform = transform
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Source) {
    do {
      forwardNext(try transform(element))
    } catch {
      forwardErrorAndDispose(error)
    }
  }
}
