/// A type-erased observable sequence, and the namespace of the factories and operators.
///
/// `Observable` is a class, as in RxSwift: an instance is an immutable recipe that starts work each
/// time it is subscribed to (subjects, its stateful subclasses, are safe to use from any thread).
/// It is `Sendable` so that sequences can be stored in `static let`s and handed between tasks; the
/// closures it holds run on whichever thread subscribes or sends events.
public class Observable<Element>: ObservableType, @unchecked Sendable {
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
