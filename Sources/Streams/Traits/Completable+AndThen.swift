extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// Runs `second` after this completable completes; an error skips it.
  ///
  /// This completable's subscription ends when `second`'s starts.
  public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.andThenSubscribe(second.source))
  }

  /// Runs `second` after this completable completes; an error skips it.
  public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.andThenSubscribe(second.source))
  }

  /// Runs `second` after this completable completes; an error skips it.
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: primitiveSequence.source.andThenSubscribe(second.source))
  }

  /// Runs `second` after this completable completes; an error skips it.
  public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
    primitiveSequence.source.andThenSubscribe(second)
  }
}
