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
  public func compactMap<Result>(
    _ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Observable<Result> {
    ElementOperator(
      source: asObservable(),
      stage: CompactMap<Element, Result?, Result>(
        transform: isolation == nil ? transform : Isolation.guarded(transform, "compactMap", isolation, file, line)))
  }
}

/// `Optional`, seen by ``CompactMapSink`` through a type parameter of its own (`Transformed`), so that
/// its metadata comes with the sink's class rather than from a lookup of `Optional<Result>` per
/// element, which generic code makes to hold the closure's result.
protocol CompactMapOptional<Wrapped> {
  associatedtype Wrapped
  /// Calls `body` with the value, if there is one.
  func ifSome(_ body: (Wrapped) -> Void)
}

extension Optional: CompactMapOptional {
  @inline(__always)
  func ifSome(_ body: (Wrapped) -> Void) {
    if case .some(let value) = self { body(value) }
  }
}

/// `compactMap`'s stage. `Result` is a type parameter of its own: generic code finds its metadata in
/// the stage's, where `Observer.Element` would cost an associated-type lookup per element. Likewise
/// `Transformed` is `Result?` (see ``CompactMapOptional``).
struct CompactMap<Element, Transformed: CompactMapOptional, Result>: ElementStage where Transformed.Wrapped == Result {
  /// The closure `compactMap` was given.
  let transform: (Element) throws -> Transformed

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    let transformed: Transformed
    do {
      transformed = try sink.stage.transform(element)
    } catch {
      sink.forwardErrorAndDispose(error)
      return
    }
    transformed.ifSome { sink.forwardNext($0) }
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
