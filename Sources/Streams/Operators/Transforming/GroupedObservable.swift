/// One group of a ``ObservableType/groupBy(keySelector:)``: the elements that share ``key``.
///
/// Subscribing to a group keeps the source subscription alive, even after the outer subscription
/// is disposed; the source is disposed once the outer subscription and every group subscription are.
public struct GroupedObservable<Key, Element>: ObservableType {
  /// The key that every element of this group shares.
  public let key: Key

  private let source: Observable<Element>

  /// Creates a group with `key` whose elements come from `source`.
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the group's elements.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// The group as a plain observable sequence.
  public func asObservable() -> Observable<Element> { source }
}
