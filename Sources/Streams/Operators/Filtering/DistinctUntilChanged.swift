extension ObservableType {
  /// Drops each element that `comparer` says equals the one sent before it.
  ///
  /// The first element always passes. An error thrown by `comparer` ends the sequence.
  ///
  /// ```
  /// --1--1--2--2--1--|   distinctUntilChanged()
  /// --1-----2-----1--|
  /// ```
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key,
  /// compared with `comparer`.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    step(Key?.none) { previous, event, downstream in
      switch event {
      case .next(let element):
        let key = try keySelector(element)
        if let last = previous, try comparer(last, key) { return }
        previous = key
        downstream.next(element)
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }

  /// Drops each element whose key equals the previous element's key.
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  {
    distinctUntilChanged(keySelector, comparer: ==)
  }

  /// Drops each element whose property at `keyPath` equals the previous element's.
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: ==)
  }
}

extension ObservableType where Element: Equatable {
  /// Drops each element equal to the one sent before it.
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: ==)
  }
}
