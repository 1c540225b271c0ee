extension ObservableType {
  /// Drops each element that `comparer` says equals the one sent before it.
  ///
  /// The first element always passes. An error thrown by `comparer` ends the sequence with that
  /// error and disposes upstream in the same tick.
  ///
  /// ```
  /// --1--1--2--2--1--|   distinctUntilChanged()
  /// --1-----2-----1--|
  /// ```
  public func distinctUntilChanged(
    _ comparer: @escaping (Element, Element) throws -> Bool, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer, isolation: isolation, file: file, line: line)
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key,
  /// compared with `comparer`.
  ///
  /// The first element always passes. An error thrown by `keySelector` or `comparer` ends the
  /// sequence with that error and disposes upstream in the same tick. The key is kept before the
  /// element is sent, so an element a subscriber sends back re-entrantly is compared with it.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    DistinctUntilChanged(
      source: asObservable(),
      keySelector: (isolation == nil
        ? keySelector : Isolation.guarded(keySelector, "distinctUntilChanged", isolation, file, line)),
      comparer: (isolation == nil
        ? comparer : Isolation.guarded(comparer, "distinctUntilChanged", isolation, file, line)))
  }

  /// Drops each element whose key equals the previous element's key.
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping (Element) throws -> Key, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  )
    -> Observable<Element>
  {
    distinctUntilChanged(keySelector, comparer: ==, isolation: isolation, file: file, line: line)
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

final class DistinctUntilChanged<Element, Key>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let keySelector: (Element) throws -> Key
  private let comparer: (Key, Key) throws -> Bool

  init(
    source: Observable<Element>, keySelector: @escaping (Element) throws -> Key,
    comparer: @escaping (Key, Key) throws -> Bool
  ) {
    self.keySelector = keySelector
    self.comparer = comparer
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    DistinctUntilChangedSink(keySelector: keySelector, comparer: comparer, observer: observer, cancel: cancel)
  }
}

final class DistinctUntilChangedSink<Observer: ObserverType, Key>: ElementSink<Observer.Element, Observer>,
  @unchecked Sendable
{
  typealias Element = Observer.Element
  private let keySelector: (Element) throws -> Key
  private let comparer: (Key, Key) throws -> Bool
  // The previous key, in a slot allocated once per subscription (`hasKey` says whether it holds
  // one): in unspecialized generic code an `Optional<Key>` would cost a metadata lookup per element.
  // Touched only by `onNext`, whose calls the Rx grammar serializes; the closures get copies.
  private let previous = UnsafeMutablePointer<Key>.allocate(capacity: 1)
  private var hasKey = false

  init(
    keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
    observer: Observer, cancel: Cancelable
  ) {
    self.keySelector = keySelector
    self.comparer = comparer
    super.init(observer: observer, cancel: cancel)
  }

  deinit {
    if hasKey { previous.deinitialize(count: 1) }
    previous.deallocate()
  }

  override func onNext(_ element: Element) {
    do {
      let key = try keySelector(element)
      if hasKey {
        let last = previous.pointee
        if try comparer(last, key) { return }
        previous.pointee = key
      } else {
        previous.initialize(to: key)
        hasKey = true
      }
    } catch {
      forwardErrorAndDispose(error)
      return
    }
    forwardNext(element)
  }
}
