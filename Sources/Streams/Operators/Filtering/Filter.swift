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
  // caller's types (``CompactMap``).
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Observable<Result> {
    let transform = isolation == nil ? transform : Isolation.guarded(transform, "compactMap", isolation, file, line)
    return compactMap(yielding: { element, yield in
      if let result = try transform(element) { yield(result) }
    })
  }

  /// `compactMap(_:)` with `transform` adapted to call `yield` with each non-`nil` result.
  @usableFromInline
  func compactMap<Result>(yielding transform: @escaping (Element, (Result) -> Void) throws -> Void)
    -> Observable<Result>
  {
    ElementOperator(source: asObservable(), stage: CompactMap(transform: transform))
  }
}

/// `compactMap`'s stage. Its closure gets the element and a closure to send the result with: the
/// public `compactMap(_:)`, inlined into the caller, wraps the caller's closure in one that unwraps
/// the optional it returns with the caller's types, where this unspecialized code would spend
/// several value-witness calls per element on the optional (taking it apart, moving its value out,
/// destroying it). `Result` is a type parameter of its own: generic code finds its metadata in the
/// stage's, where `Observer.Element` would cost an associated-type lookup per element.
struct CompactMap<Element, Result>: ElementStage {
  /// The closure `compactMap` was given, adapted to send its non-`nil` result with the closure it
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

/// `filter`'s stage: its own rather than a `compactMap` to an optional, so that an element passes
/// through without being wrapped (in generic code, `Optional<T>` costs a metadata lookup per element).
struct Filter<Element>: ElementStage {
  /// The closure `filter` was given.
  let predicate: (Element) throws -> Bool

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.check({ try sink.stage.predicate(element) }) == true { sink.forwardNext(element) }
  }
}
