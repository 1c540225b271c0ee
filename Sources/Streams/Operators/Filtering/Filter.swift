extension ObservableType {
  /// Passes on only the elements for which `predicate` returns `true`.
  ///
  /// An error thrown by `predicate` ends the sequence with that error and disposes upstream.
  ///
  /// ```
  /// --1--2--3--4--|   filter { $0.isMultiple(of: 2) }
  /// -----2-----4--|
  /// ```
  public func filter(
    _ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Observable<Element> {
    ElementOperator(
      source: asObservable(),
      stage: Filter(
        predicate: isolation == nil ? predicate : Isolation.guarded(predicate, "filter", isolation, file, line)))
  }

  /// Transforms each element with `transform` and passes on the non-`nil` results.
  ///
  /// An error thrown by `transform` ends the sequence with that error and disposes upstream.
  ///
  /// ```
  /// --"1"--"x"--"3"--|   compactMap { Int($0) }
  /// --1-----------3--|
  /// ```
  // Inlinable, so that the optional `transform` returns is unwrapped in code compiled with the
  // caller's types: the stage is `map`'s (``Map``), whose closure here sends only a non-`nil` result.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Observable<Result> {
    let transform = isolation == nil ? transform : Isolation.guarded(transform, "compactMap", isolation, file, line)
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
