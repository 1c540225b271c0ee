extension ObservableType {
  /// Subscribes with closures for each kind of event.
  ///
  /// `onDisposed` runs exactly once: after the terminal event, or when the subscription is disposed.
  /// An error with no `onError` handler goes to ``Hooks/unhandledError``.
  ///
  /// - Returns: the subscription; dispose it (or add it to a ``DisposeBag``) to stop.
  @inlinable
  public func subscribe(
    onNext: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    guard let onDisposed else {
      return subscribe(ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onTerminated: nil))
    }
    let disposed = Disposables.create(with: onDisposed)
    let observer = ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onTerminated: disposed)
    return Disposables.create(subscribe(observer), disposed)
  }

  /// Subscribes with closures that receive `object` while it is alive.
  ///
  /// `object` is held weakly; once it is deallocated, the closures are no longer called.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: ((Object, Element) -> Void)? = nil,
    onError: ((Object, Swift.Error) -> Void)? = nil,
    onCompleted: ((Object) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object)
    return subscribe(
      onNext: callbacks.bind(onNext), onError: callbacks.bindIfPresent(onError),
      onCompleted: callbacks.bind(onCompleted), onDisposed: callbacks.bind(onDisposed))
  }

  /// Subscribes with one closure for every event.
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    subscribe(AnonymousObserver(on))
  }
}
