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
  /// `onNext` runs where the sequence delivers: a main-actor `onNext` needs the elements on the main
  /// actor first. Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func bind<Object: AnyObject>(
    with object: Object, onNext: @escaping @isolated(any) (Object, Element) -> Void
  ) -> Disposable {
    let onNext = Isolation.checked(onNext, "bind(with:onNext:)")
    return subscribe(
      onNext: { [weak object] element in
        if let object { onNext(object, element) }
      },
      onError: Self.reportBindingError)
  }

  /// Subscribes `onNext` to the elements.
  ///
  /// An error is reported to ``Hooks/diagnostic`` as ``Diagnostic/bindingError(_:)``.
  ///
  /// `onNext` runs where the sequence delivers: a main-actor `onNext` needs the elements on the main
  /// actor first. Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func bind(
    onNext: @escaping @isolated(any) (Element) -> Void
  ) -> Disposable {
    let onNext: (Element) -> Void =
      Isolation.checked(onNext, "bind(onNext:)")
    return subscribe(onNext: onNext, onError: Self.reportBindingError)
  }

  /// Where an error that reaches a binding goes: a binding cannot show it.
  static func reportBindingError(_ error: Swift.Error) {
    Hooks.report(.bindingError("\(error)"))
  }
}
