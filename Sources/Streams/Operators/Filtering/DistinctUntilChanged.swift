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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged(
    _ comparer: @escaping @isolated(any) (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops each element whose key (from `keySelector`) equals the previous element's key,
  /// compared with `comparer`.
  ///
  /// The first element always passes. An error thrown by `keySelector` or `comparer` ends the
  /// sequence with that error and disposes upstream in the same tick. The key is kept before the
  /// element is sent, so an element a subscriber sends back re-entrantly is compared with it.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping @isolated(any) (Element) throws -> Key,
    comparer: @escaping @isolated(any) (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    ElementOperator(
      source: asObservable(),
      stage: DistinctUntilChanged(
        keySelector: Isolation.checked(keySelector, "distinctUntilChanged"),
        comparer: Isolation.checked(comparer, "distinctUntilChanged")))
  }

  /// Drops each element whose key equals the previous element's key.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func distinctUntilChanged<Key: Equatable>(
    _ keySelector: @escaping @isolated(any) (Element) throws -> Key
  )
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
    ElementOperator(source: asObservable(), stage: DistinctElements())
  }
}

/// `distinctUntilChanged`'s stage. Its state is the previous key, in a slot allocated once per
/// subscription (`hasKey` says whether it holds one): in unspecialized generic code an
/// `Optional<Key>` would cost a metadata lookup per element. The closures get copies.
struct DistinctUntilChanged<Element, Key>: ElementStage {
  /// The closure that gives an element's key.
  let keySelector: (Element) throws -> Key
  /// The closure that says whether two keys are equal.
  let comparer: (Key, Key) throws -> Bool

  func makeState() -> (previous: UnsafeMutablePointer<Key>, hasKey: Bool) { (.allocate(capacity: 1), false) }

  static func destroy(_ state: (previous: UnsafeMutablePointer<Key>, hasKey: Bool)) {
    if state.hasKey { state.previous.deinitialize(count: 1) }
    state.previous.deallocate()
  }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    do {
      let key = try sink.stage.keySelector(element)
      if sink.state.hasKey {
        let last = sink.state.previous.pointee
        if try sink.stage.comparer(last, key) { return }
        sink.state.previous.pointee = key
      } else {
        sink.state.previous.initialize(to: key)
        sink.state.hasKey = true
      }
    } catch {
      sink.forwardErrorAndDispose(error)
      return
    }
    sink.forwardNext(element)
  }
}

/// `distinctUntilChanged()`'s stage: ``DistinctUntilChanged`` with the element as its own key and
/// `==` as the comparer, without the two closures: it compares each element with the previous one
/// through `Equatable`, and keeps it (in a slot allocated once per subscription, as there) before
/// sending it, so that an element a subscriber sends back re-entrantly is compared with it.
struct DistinctElements<Element: Equatable>: ElementStage {
  func makeState() -> (previous: UnsafeMutablePointer<Element>, hasPrevious: Bool) {
    (.allocate(capacity: 1), false)
  }

  static func destroy(_ state: (previous: UnsafeMutablePointer<Element>, hasPrevious: Bool)) {
    if state.hasPrevious { state.previous.deinitialize(count: 1) }
    state.previous.deallocate()
  }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.state.hasPrevious {
      if sink.state.previous.pointee == element { return }
      sink.state.previous.pointee = element
    } else {
      sink.state.previous.initialize(to: element)
      sink.state.hasPrevious = true
    }
    sink.forwardNext(element)
  }
}
