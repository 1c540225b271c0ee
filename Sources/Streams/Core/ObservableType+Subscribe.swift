extension ObservableType {
  /// Subscribes with closures for each kind of event.
  ///
  /// `onDisposed` runs exactly once: after the terminal event, or when the subscription is disposed.
  /// An error with no `onError` handler goes to ``Hooks/unhandledError``.
  ///
  /// - Returns: the subscription; dispose it (or add it to a ``DisposeBag``) to stop.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  @inlinable
  public func subscribe(
    onNext: (@isolated(any) (Element) -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
    onCompleted: (@isolated(any) () -> Void)? = nil,
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    let name: StaticString = "subscribe(onNext:onError:onCompleted:onDisposed:)"
    let onNext = Isolation.checked(onNext, name)
    let onError = Isolation.checked(onError, name)
    let onCompleted = Isolation.checked(onCompleted, name)
    guard let onDisposed = Isolation.checked(onDisposed, name)
    else {
      return subscribe(ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onTerminated: nil))
    }
    let disposed = Disposables.create(with: onDisposed)
    let observer = ClosureObserver(onNext: onNext, onError: onError, onCompleted: onCompleted, onTerminated: disposed)
    return Disposables.create(subscribe(observer), disposed)
  }

  /// Subscribes with closures that receive `object` while it is alive.
  ///
  /// `object` is held weakly; once it is deallocated, the closures are no longer called.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onNext: (@isolated(any) (Object, Element) -> Void)? = nil,
    onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
    onCompleted: (@isolated(any) (Object) -> Void)? = nil,
    onDisposed: (@isolated(any) (Object) -> Void)? = nil
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object, reportedAs: "subscribe(with:onNext:onError:onCompleted:onDisposed:)")
    return subscribe(
      onNext: callbacks.bind(onNext), onError: callbacks.bindIfPresent(onError),
      onCompleted: callbacks.bind(onCompleted), onDisposed: callbacks.bind(onDisposed))
  }

  /// Subscribes with one closure for every event.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    _ on: @escaping @isolated(any) (Event<Element>) -> Void
  ) -> Disposable {
    subscribe(
      AnonymousObserver(Isolation.checked(on, "subscribe(_:)")))
  }
}
