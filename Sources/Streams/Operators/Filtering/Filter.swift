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
  // caller's types (``CompactMap``).
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result?
  ) -> Observable<Result> {
    let transform = Isolation.checked(transform, "compactMap")
    return compactMap(yielding: { element, yield in
      if let result = try transform(element) { yield(result) }
    })
  }

  /// `compactMap(_:)` with the caller's closure wrapped in one that sends each non-`nil` result
  /// with the closure it gets.
  @usableFromInline
  func compactMap<Result>(yielding transform: @escaping (Element, (Result) -> Void) throws -> Void)
    -> Observable<Result>
  {
    ElementOperator(source: asObservable(), stage: CompactMap(transform: transform))
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

/// `compactMap`'s stage. Its closure gets the element and a closure to send the result with: the
/// public `compactMap(_:)`, inlined into the caller, wraps the caller's closure in one that unwraps
/// the optional with the caller's types, where this unspecialized code would look up the
/// optional's metadata per element (row J, 3 interleaved runs: 1.58–1.64× the locked floor with the
/// optional unwrapped here, 1.21–1.30× with the wrapper). ``Map`` calls its closure directly.
struct CompactMap<Element, Result>: ElementStage {
  /// The closure `compactMap` was given, adapted to send its non-`nil` results with the closure it
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
