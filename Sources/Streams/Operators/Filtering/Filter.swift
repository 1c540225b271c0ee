extension ObservableType {
  /// Passes on only the elements for which `predicate` returns `true`.
  ///
  /// An error thrown by `predicate` ends the sequence with that error and disposes upstream.
  ///
  /// ```
  /// --1--2--3--4--|   filter { $0.isMultiple(of: 2) }
  /// -----2-----4--|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func filter(
    _ predicate: @escaping @isolated(any) (Element) throws -> Bool
  ) -> Observable<Element> {
    ElementOperator(
      source: asObservable(),
      stage: Filter(
        predicate: Isolation.checked(predicate, "filter")))
  }

  /// Transforms each element with `transform` and passes on the non-`nil` results.
  ///
  /// An error thrown by `transform` ends the sequence with that error and disposes upstream.
  ///
  /// ```
  /// --"1"--"x"--"3"--|   compactMap { Int($0) }
  /// --1-----------3--|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  // Inlinable, so that the optional `transform` returns is unwrapped in code compiled with the
  // caller's types: the stage is `map`'s (``Map``), whose closure here sends only a non-`nil` result.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result?
  ) -> Observable<Result> {
    let transform = Isolation.checked(transform, "compactMap")
    return map(yielding: { element, yield in
      if let result = try transform(element) { yield(result) }
    })
  }
}

/// `filter`'s stage: its own rather than a `compactMap` to an optional, so that an element passes
/// through without being wrapped (in generic code, `Optional<T>` costs a metadata lookup per element).
struct Filter<Element>: ElementStage {
  /// The closure `filter` was given.
  let predicate: (Element) throws -> Bool

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.check({ try sink.stage.predicate(element) }) == true { sink.forwardNext(element) }
  }
}
