/// A push-style sequence of elements that observers subscribe to.
///
/// The contract every implementation keeps:
/// - Events follow the grammar `next* (error | completed)?`.
/// - Events to one observer are serialized.
/// - Disposing the returned ``Disposable`` stops delivery, releases the observer and closures,
///   and is idempotent.
public protocol ObservableType<Element>: ObservableConvertibleType {
  /// Starts delivering events to `observer`; dispose the result to stop.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}
