/// What the three relays share: each is a subject that only ever receives elements, so
/// subscribing to a relay is subscribing to its subject.
@usableFromInline
protocol SubjectRelay: ObservableType {
  associatedtype Subject: ObservableType where Subject.Element == Element
  var subject: Subject { get }
}

extension SubjectRelay {
  /// Subscribes `observer` to the relay's subject: it receives what a subscriber of that subject
  /// receives (for ``BehaviorRelay``, the current value; for ``ReplayRelay``, the buffered elements),
  /// then the elements accepted later.
  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    subject.subscribe(observer)
  }

  /// The relay as an observable sequence: its subject.
  public func asObservable() -> Observable<Element> { subject.asObservable() }
}
