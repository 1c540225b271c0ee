import Streams

// RxCocoa traps (in debug builds) when `drive` is called off the main thread. Streams never traps
// on misuse, so these methods do not check: called from another thread, the replayed latest
// element arrives on that thread, and later elements on the main thread.

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Subscribes `observers` to this driver; each receives every event. Call on the main thread.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element {
    asObservable().subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Subscribes observers of optional elements to this driver; each receives every element
  /// wrapped in an optional. Call on the main thread.
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
  }

  /// Sends each element of this driver to `relays`. Call on the main thread.
  public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
    drive(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver, wrapped in an optional, to `relays`. Call on the main
  /// thread.
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    drive(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver to `relays`. Call on the main thread.
  public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
    drive(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver, wrapped in an optional, to `relays`. Call on the main
  /// thread.
  public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
    drive(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Hands this driver, as an observable, to `transformation` and returns its result (usually
  /// the subscription it made). Call on the main thread.
  public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
    transformation(asObservable())
  }

  /// Hands this driver, as an observable, to the curried binder `with`, then `curriedArgument` to
  /// the function it returns. Call on the main thread.
  public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    with(asObservable())(curriedArgument)
  }

  /// Subscribes closures that receive `object` while it is alive; it is held weakly, and once it
  /// is gone the closures are no longer called. Call on the main thread.
  ///
  /// There is no error closure: a driver cannot fail.
  public func drive<Object: AnyObject>(
    with object: Object, onNext: ((Object, Element) -> Void)? = nil, onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes closures for elements, completion and disposal; `onDisposed` runs exactly once.
  /// Call on the main thread.
  ///
  /// There is no error closure: a driver cannot fail.
  public func drive(
    onNext: ((Element) -> Void)? = nil, onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes to this driver without handlers (keeps its side effects running). Call on the
  /// main thread.
  public func drive() -> Disposable {
    drive(onNext: nil, onCompleted: nil, onDisposed: nil)
  }
}
