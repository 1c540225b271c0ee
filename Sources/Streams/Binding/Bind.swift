extension ObservableType {
  /// Subscribes and sends every event to each of `observers`: `subscribe` that reads as a binding.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element {
    subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Subscribes and sends every event, its element made optional, to each of `observers`.
  public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
  where Observer.Element == Element? {
    map { $0 as Element? }.subscribe { event in
      for observer in observers { observer.on(event) }
    }
  }

  /// Returns `binder(self)`: binds with a function of your own.
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Returns `binder(self)(curriedArgument)`: binds with a curried function of your own.
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Subscribes `onNext` to the elements, passing `object` while it is alive (held weakly).
  ///
  /// An error is reported to ``Hooks/diagnostic`` as ``Diagnostic/bindingError(_:)``.
  ///
  /// `onNext` keeps the isolation of the caller (the contract article's "Isolation" section): it
  /// runs where the sequence delivers, so deliver on the caller's actor first.
  public func bind<Object: AnyObject>(
    with object: Object, onNext: @escaping (Object, Element) -> Void, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let onNext = (isolation == nil ? onNext : Isolation.guarded(onNext, "bind(with:onNext:)", isolation, file, line))
    return subscribe(
      onNext: { [weak object] element in
        if let object { onNext(object, element) }
      },
      onError: Self.reportBindingError, isolation: nil)
  }

  /// Subscribes `onNext` to the elements.
  ///
  /// An error is reported to ``Hooks/diagnostic`` as ``Diagnostic/bindingError(_:)``.
  ///
  /// `onNext` keeps the isolation of the caller (the contract article's "Isolation" section): it
  /// runs where the sequence delivers, so deliver on the caller's actor first.
  public func bind(
    onNext: @escaping (Element) -> Void, isolation: (any Actor)? = #isolation, file: StaticString = #file,
    line: UInt = #line
  ) -> Disposable {
    let onNext: (Element) -> Void =
      (isolation == nil ? onNext : Isolation.guarded(onNext, "bind(onNext:)", isolation, file, line))
    return subscribe(onNext: onNext, onError: Self.reportBindingError, isolation: nil)
  }

  /// Where an error that reaches a binding goes: a binding cannot show it.
  static func reportBindingError(_ error: Swift.Error) {
    Hooks.report(.bindingError("\(error)"))
  }
}
