extension ObservableType {
  /// The sequence as a ``Single``: its one element once it completes, or
  /// ``StreamsError/noElements`` when it completes empty, or ``StreamsError/moreThanOneElement`` at
  /// a second element.
  public func asSingle() -> Single<Element> {
    Single(raw: ElementOperator(source: asObservable(), stage: AtMostOne(requiresElement: true)))
  }

  /// The sequence as a ``Maybe``: its element once it completes, empty completion if none, or
  /// ``StreamsError/moreThanOneElement`` at a second element.
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: ElementOperator(source: asObservable(), stage: AtMostOne(requiresElement: false)))
  }
}

extension ObservableType where Element == Swift.Never {
  /// The sequence as a ``Completable``. Drop the elements of any other sequence first with
  /// ``ObservableType/ignoreElements()``.
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}
