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
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func filter(
    _ predicate: @escaping @isolated(any) (Element) throws -> Bool
  ) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.filter(predicate))
  }

  /// Transforms the element; an error thrown by `transform` fails the result.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func map<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result
  ) -> PrimitiveSequence<Trait, Result> {
    PrimitiveSequence(raw: primitiveSequence.source.map(transform))
  }

  /// A maybe with the transformed element, or empty when `transform` returns `nil`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func compactMap<Result>(
    _ transform: @escaping @isolated(any) (Element) throws -> Result?
  ) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.compactMap(transform))
  }

  /// Continues with the sequence of the same trait that `selector` returns for the element.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMap<Result>(
    _ selector: @escaping @isolated(any) (Element) throws -> PrimitiveSequence<Trait, Result>
  ) -> PrimitiveSequence<Trait, Result> {
    PrimitiveSequence(
      raw: primitiveSequence.source.flatMap(
        Isolation.checked(selector, "flatMap")))
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
