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
    Filter(
      source: asObservable(),
      predicate: (isolation == nil ? predicate : Isolation.guarded(predicate, "filter", isolation, file, line)))
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
    CompactMap(
      source: asObservable(),
      transform: (isolation == nil ? transform : Isolation.guarded(transform, "compactMap", isolation, file, line)))
  }
}

final class CompactMap<Source, Result>: ElementOperator<Source, Result>, @unchecked Sendable {
  private let transform: (Source) throws -> Result?

  init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
    self.transform = transform
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Source, Observer> where Observer.Element == Result
  {
    CompactMapSink<Source, Result?, Result, Observer>(transform: transform, observer: observer, cancel: cancel)
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

/// `Result` is `Observer.Element` as a type parameter of its own: generic code finds its metadata in
/// the class's, where `Observer.Element` would cost an associated-type lookup per element. Likewise
/// `Transformed` is `Result?` (see ``CompactMapOptional``).
// Unchecked as every element sink: `transform` is immutable, and the only mutable state is the
// superclass's, touched by `onNext` calls that the Rx grammar serializes (ElementOperatorTests).
final class CompactMapSink<Source, Transformed: CompactMapOptional, Result, Observer: ObserverType>:
  ElementSink<Source, Observer>, @unchecked Sendable
where Observer.Element == Result, Transformed.Wrapped == Result {
  private let transform: (Source) throws -> Transformed

  init(transform: @escaping (Source) throws -> Transformed, observer: Observer, cancel: Cancelable) {
    self.transform = transform
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Source) {
    let transformed: Transformed
    do {
      transformed = try transform(element)
    } catch {
      forwardErrorAndDispose(error)
      return
    }
    transformed.ifSome { forwardNext($0) }
  }
}

/// `filter`: its own sink rather than a `compactMap` to an optional, so that an element passes
/// through without being wrapped (in generic code, `Optional<T>` costs a metadata lookup per element).
final class Filter<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let predicate: (Element) throws -> Bool

  init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
    self.predicate = predicate
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    FilterSink(predicate: predicate, observer: observer, cancel: cancel)
  }
}

final class FilterSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  private let predicate: (Observer.Element) throws -> Bool

  init(predicate: @escaping (Observer.Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
    self.predicate = predicate
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ element: Observer.Element) {
    do {
      if try predicate(element) { forwardNext(element) }
    } catch {
      forwardErrorAndDispose(error)
    }
  }
}
