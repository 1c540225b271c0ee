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
    ElementOperator(
      source: asObservable(),
      stage: Map(transform: isolation == nil ? transform : Isolation.guarded(transform, "map", isolation, file, line)))
  }
}

/// `map`'s stage. `Result` is a type parameter of its own: generic code finds its metadata in the
/// stage's, where `Observer.Element` would cost an associated-type lookup per element.
struct Map<Element, Result>: ElementStage {
  /// The closure `map` was given.
  let transform: (Element) throws -> Result

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    do {
      sink.forwardNext(try sink.stage.transform(element))
    } catch {
      sink.forwardErrorAndDispose(error)
    }
  }
}
