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
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver, wrapped in an optional, to `relays`. Call on the main
  /// thread.
  public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver to `relays`. Call on the main thread.
  public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this driver, wrapped in an optional, to `relays`. Call on the main
  /// thread.
  public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
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
  ///
  /// The closures are `@MainActor` closures (main-actor closures by contract, as RxSwift PR #2613
  /// proposes) and run on the main actor; see ``drive(onNext:onCompleted:onDisposed:)``
  /// for a call off it.
  public func drive<Object: AnyObject>(
    with object: Object, onNext: (@MainActor (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor (Object) -> Void)? = nil, onDisposed: (@MainActor (Object) -> Void)? = nil
  ) -> Disposable {
    subscribeOnMainActor(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
      name: "drive(with:onNext:onCompleted:onDisposed:)")
  }

  /// Subscribes closures for elements, completion and disposal; `onDisposed` runs exactly once.
  /// Call on the main thread.
  ///
  /// There is no error closure: a driver cannot fail.
  ///
  /// The closures are `@MainActor` closures (main-actor closures by contract, as RxSwift PR #2613
  /// proposes): they may touch main-actor state, and may be passed from nonisolated code. The
  /// driver delivers on the main thread, where they run on the main actor. A call off it (a driver
  /// driven from a background thread replays its latest element there; a `SharingScheduler.mock`
  /// scheduler run off the main thread) is reported to `Hooks.isolationViolation`, naming
  /// this method and the call at `file` and `line`, and the closure is called anyway if the handler
  /// returns. Tests that mock the scheduler run on the main actor.
  public func drive(
    onNext: (@MainActor (Element) -> Void)? = nil, onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> Disposable {
    subscribeOnMainActor(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, name: "drive(onNext:onCompleted:onDisposed:)")
  }

  /// Subscribes to this driver without handlers (keeps its side effects running). Call on the
  /// main thread.
  public func drive() -> Disposable {
    asObservable().subscribe(onNext: nil, onCompleted: nil, onDisposed: nil)
  }
}
