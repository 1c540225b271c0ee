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
    onDisposed: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let name: StaticString = "subscribe(onNext:onError:onCompleted:onDisposed:)"
    let onNext = (isolation == nil ? onNext : Isolation.guarded(onNext, name, isolation, file, line))
    let onError = (isolation == nil ? onError : Isolation.guarded(onError, name, isolation, file, line))
    let onCompleted = (isolation == nil ? onCompleted : Isolation.guarded(onCompleted, name, isolation, file, line))
    guard let onDisposed = (isolation == nil ? onDisposed : Isolation.guarded(onDisposed, name, isolation, file, line))
    else {
      return subscribe(ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onTerminated: nil))
    }
    let disposed = Disposables.create(with: onDisposed, isolation: nil)
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
    onDisposed: ((Object) -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object)
    return subscribe(
      onNext: callbacks.bind(onNext), onError: callbacks.bindIfPresent(onError),
      onCompleted: callbacks.bind(onCompleted), onDisposed: callbacks.bind(onDisposed), isolation: isolation,
      file: file, line: line)
  }

  /// Subscribes with one closure for every event.
  public func subscribe(
    _ on: @escaping (Event<Element>) -> Void,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    subscribe(
      AnonymousObserver((isolation == nil ? on : Isolation.guarded(on, "subscribe(_:)", isolation, file, line))))
  }
}
