// What Single and Maybe, the traits that carry an element (``ZippableTrait``), share: declared once,
// with the trait's own type as the result (`Single.just(1)` is a Single, `Maybe.just(1)` a Maybe).
// `error` and `never` serve every trait, Completable included.

extension PrimitiveSequenceType {
  /// A trait sequence that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.error(error))
  }

  /// A trait sequence that never sends anything.
  public static func never() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.never())
  }
}

extension PrimitiveSequenceType where Trait: ZippableTrait {
  /// A single or maybe that succeeds at once with `element`.
  public static func just(_ element: Element) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.just(element))
  }

  /// A single or maybe that succeeds with `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
  }

  /// A maybe with the element if `predicate` holds for it; otherwise it completes empty.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func filter(
    _ predicate: @escaping (Element) throws -> Bool, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate, isolation: isolation, file: file, line: line))
  }

  /// Transforms the element; an error thrown by `transform` fails the result.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func map<Result>(
    _ transform: @escaping (Element) throws -> Result, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> PrimitiveSequence<Trait, Result> {
    PrimitiveSequence(raw: primitiveSequence.source.map(transform, isolation: isolation, file: file, line: line))
  }

  /// A maybe with the transformed element, or empty when `transform` returns `nil`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func compactMap<Result>(
    _ transform: @escaping (Element) throws -> Result?, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform, isolation: isolation, file: file, line: line))
  }

  /// Continues with the sequence of the same trait that `selector` returns for the element.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func flatMap<Result>(
    _ selector: @escaping (Element) throws -> PrimitiveSequence<Trait, Result>, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> PrimitiveSequence<Trait, Result> {
    PrimitiveSequence(
      raw: primitiveSequence.source.flatMap(
        (isolation == nil ? selector : Isolation.guarded(selector, "flatMap", isolation, file, line))))
  }

  /// On an error, succeeds with `element` instead.
  public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
  }

  /// The old name of `catchAndReturn(_:)`.
  @available(*, deprecated, renamed: "catchAndReturn(_:)")
  public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
    catchAndReturn(element)
  }
}
