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
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal to `relays`.
  public func emit(to relays: PublishRelay<Element>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal to `relays`.
  public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Sends each element of this signal, wrapped in an optional, to `relays`.
  public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
    asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
  }

  /// Subscribes closures that receive `object` while it is alive; it is held weakly, and once it
  /// is gone the closures are no longer called.
  ///
  /// There is no error closure: a signal cannot fail.
  ///
  /// The closures are `@MainActor` closures (main-actor closures by contract, as RxSwift PR #2613
  /// proposes) and run on the main actor; see ``emit(onNext:onCompleted:onDisposed:)``
  /// for a call off it.
  public func emit<Object: AnyObject>(
    with object: Object, onNext: (@MainActor (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor (Object) -> Void)? = nil, onDisposed: (@MainActor (Object) -> Void)? = nil
  ) -> Disposable {
    subscribeOnMainActor(
      with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed,
      name: "emit(with:onNext:onCompleted:onDisposed:)")
  }

  /// Subscribes closures for elements, completion and disposal; `onDisposed` runs exactly once.
  ///
  /// There is no error closure: a signal cannot fail.
  ///
  /// The closures are `@MainActor` closures (main-actor closures by contract, as RxSwift PR #2613
  /// proposes): they may touch main-actor state, and may be passed from nonisolated code. The
  /// signal delivers on the main thread, where they run on the main actor. A call off it (a
  /// `SharingScheduler.mock` scheduler run off the main thread) is reported to `Hooks.isolationViolation`, naming
  /// this method and the call at `file` and `line`, and the closure is called anyway if the handler
  /// returns. Tests that mock the scheduler run on the main actor.
  public func emit(
    onNext: (@MainActor (Element) -> Void)? = nil, onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> Disposable {
    subscribeOnMainActor(
      onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, name: "emit(onNext:onCompleted:onDisposed:)")
  }

  /// Subscribes to this signal without handlers (keeps its side effects running).
  public func emit() -> Disposable {
    asObservable().subscribe(onNext: nil, onCompleted: nil, onDisposed: nil)
  }
}
