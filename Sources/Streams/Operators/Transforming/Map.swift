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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  // Inlinable, so that the isolation decision is specialized with the caller's types.
  @inlinable
  public func map<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result
  ) -> Observable<Result> {
    map(checked: Isolation.checked(transform, "map"))
  }

  /// `map(_:)` with the closure as Streams calls it (after ``Isolation/checked(_:_:)``).
  @usableFromInline
  func map<Result>(checked transform: @escaping (Element) throws -> Result) -> Observable<Result> {
    ElementOperator(source: asObservable(), stage: Map(transform: transform))
  }
}

/// `map`'s stage: calls the closure it was given, as it is, and sends the result.
///
/// Not wrapped in a closure with the caller's types: until closures became `@isolated(any)`, such a
/// wrapper was specialized with the caller's closure inlined into it; the optimizer no longer does
/// that (`Benchmarks/Costs/isolated-any-optimizer.sh`), and the wrapper cost one more call per
/// element (row J, 4 interleaved runs: 1.88–2.07× the locked floor with it, 1.21–1.30× without;
/// `compactMap` keeps its wrapper, see ``CompactMap``). `Result` is a type
/// parameter of its own: generic code finds its metadata in the stage's, where `Observer.Element`
/// would cost an associated-type lookup per element.
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
