/// A type-erased observable sequence, and the namespace of the factories and operators.
///
/// `Observable` is a class, as in RxSwift: an instance is an immutable recipe that starts work each
/// time it is subscribed to (subjects, its stateful subclasses, are safe to use from any thread).
/// It is `Sendable` so that sequences can be stored in `static let`s and handed between tasks; the
/// closures it holds run on whichever thread subscribes or sends events.
public class Observable<Element>: ObservableType, @unchecked Sendable {
  // Unchecked, the rule of the Observable family (the subclasses that say "Observable family"): a
  // sequence's stored properties are `let`s set in its initializer and only read afterwards. What
  // they hold (elements, closures, upstream sequences) need not be `Sendable`: as in RxSwift, a
  // sequence runs on whichever thread subscribes, and its closures on whichever thread sends. A
  // subclass with mutable state (a subject, `Multicast`) names the lock that guards it instead.
  private let resource = ResourceToken()
  init() {}

  /// Starts delivering events to `observer`. Subclasses override this.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    preconditionFailure("Observable.subscribe(_:) is abstract; \(type(of: self)) must override it")
  }

  /// Returns `self`: an `Observable` is already type-erased.
  public func asObservable() -> Observable<Element> { self }
}
