extension ObservableType {
  /// Maps each element to an inner sequence and merges the events of all of them.
  ///
  /// Completes when the source and every inner sequence completed; the first error from any of
  /// them ends the result and disposes the rest.
  ///
  /// ```
  /// --a-----b------|        flatMap { x in x1--x2| }
  /// --a1--a2b1--b2-|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMap<Inner: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) throws -> Inner
  ) -> Observable<Inner.Element> {
    flatten(.merge(maxConcurrent: .max), selector, "flatMap")
  }

  /// Maps each element to an inner sequence and sends only the newest one's events: a new element
  /// disposes the previous inner sequence.
  ///
  /// ```
  /// --a------b-----|        flatMapLatest { x in x1---x2| }
  /// --a1-----b1---b2|
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapLatest<Inner: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) throws -> Inner
  ) -> Observable<Inner.Element> {
    flatten(.latest, selector, "flatMapLatest")
  }

  /// Maps an element to an inner sequence only when none is running; elements that arrive while
  /// one runs are dropped.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapFirst<Inner: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) throws -> Inner
  ) -> Observable<Inner.Element> {
    flatten(.first, selector, "flatMapFirst")
  }

  /// Maps each element to an inner sequence and runs them one after another, in order.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func concatMap<Inner: ObservableConvertibleType>(
    _ selector: @escaping @isolated(any) (Element) throws -> Inner
  ) -> Observable<Inner.Element> {
    flatten(.merge(maxConcurrent: 1), selector, "concatMap")
  }
}

extension ObservableType {
  /// The operator of the flatMap family with `strategy`, its selector checked for its isolation.
  private func flatten<Inner: ObservableConvertibleType>(
    _ strategy: FlattenStrategy, _ selector: @escaping @isolated(any) (Element) throws -> Inner, _ name: StaticString
  ) -> Observable<Inner.Element> {
    Flatten(
      source: asObservable(), strategy: strategy,
      selector: Isolation.checked(selector, name))
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Merges the inner sequences this sequence sends.
  public func merge() -> Observable<Element.Element> {
    flatMap { $0 }
  }

  /// Merges the inner sequences this sequence sends, at most `maxConcurrent` at a time; the rest
  /// wait in order.
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    Flatten(source: asObservable(), strategy: .merge(maxConcurrent: Swift.max(1, maxConcurrent))) { $0 }
  }

  /// Runs the inner sequences one after another, each subscribed when the previous completes.
  public func concat() -> Observable<Element.Element> {
    merge(maxConcurrent: 1)
  }

  /// Sends the events of the newest inner sequence only, disposing the previous one.
  public func switchLatest() -> Observable<Element.Element> {
    flatMapLatest { $0 }
  }
}
