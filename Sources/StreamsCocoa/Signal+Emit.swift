import Streams

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Subscribes `observers` to this signal; each receives every event.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Subscribes observers of optional elements to this signal; each receives every element
  /// wrapped in an optional.
  public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Sends each element of this signal to `relays`.
  public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal to `relays`.
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal to `relays`.
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    emit(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Subscribes closures that receive `object` while it is alive; it is held weakly, and once it
  /// is gone the closures are no longer called.
  ///
  /// There is no error closure: a signal cannot fail.
  public func emit<Object: AnyObject>(
    with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes closures for elements, completion and disposal; `onDisposed` runs exactly once.
  ///
  /// There is no error closure: a signal cannot fail.
  public func emit(
    onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes to this signal without handlers (keeps its side effects running).
  public func emit() -> Disposable {
    emit(onNext: nil, onCompleted: nil, onDisposed: nil)
  }
}
