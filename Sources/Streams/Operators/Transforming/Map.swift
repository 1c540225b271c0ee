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
  // Inlinable, so that the result of `transform` lives in code compiled with the caller's types
  // (``Map``).
  @inlinable
  public func map<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result
  ) -> Observable<Result> {
    let transform = Isolation.checked(transform, "map")
    return map(yielding: { element, yield in yield(try transform(element)) })
  }

  /// An operator whose `transform` calls `yield` with each result it sends: `map(_:)` with exactly
  /// one per element, `compactMap(_:)` with the non-`nil` ones.
  @usableFromInline
  func map<Result>(yielding transform: @escaping (Element, (Result) -> Void) throws -> Void) -> Observable<Result> {
    ElementOperator(source: asObservable(), stage: Map(transform: transform))
  }
}

/// `map`'s and `compactMap`'s stage. Its closure gets the element and a closure to send the result
/// with: the public `map(_:)` and `compactMap(_:)`, inlined into the caller, wrap the caller's
/// closure in one that holds the result (unwraps the optional) with the caller's types, where this
/// unspecialized code would make room for it and destroy it after sending it, value-witness calls
/// per element. `Result` is a type parameter of its own: generic code finds its metadata in the
/// stage's, where `Observer.Element` would cost an associated-type lookup per element.
struct Map<Element, Result>: ElementStage {
  /// The closure `map` or `compactMap` was given, adapted to send its results with the closure it
  /// gets.
  let transform: (Element, (Result) -> Void) throws -> Void

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    do {
      try sink.stage.transform(element) { sink.forwardNext($0) }
    } catch {
      sink.forwardErrorAndDispose(error)
    }
  }
}
