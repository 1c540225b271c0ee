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
    subscribe(
      onNext: { [weak object] element in
        if let object { onNext?(object, element) }
      },
      onError: onError.map { onError in
        { [weak object] error in
          if let object { onError(object, error) }
        }
      },
      onCompleted: { [weak object] in
        if let object { onCompleted?(object) }
      },
      onDisposed: { [weak object] in
        if let object { onDisposed?(object) }
      })
  }

  /// Subscribes with one closure for every event.
  public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
    subscribe(AnonymousObserver(on))
  }
}
