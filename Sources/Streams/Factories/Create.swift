extension ObservableType {
  /// Creates a sequence from a function that is called for each subscriber.
  ///
  /// The function receives an observer to send events to and returns a disposable that releases
  /// what it started. The observer enforces the grammar: events after the first terminal event are
  /// dropped, and the returned disposable is disposed right after a terminal event. The
  /// subscription does not keep the function alive.
  ///
  /// ```swift
  /// let numbers = Observable<Int>.create { observer in
  ///   observer.onNext(1)
  ///   observer.onCompleted()
  ///   return Disposables.create()
  /// }
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create(
    _ subscribe: @escaping @isolated(any) (AnyObserver<Element>) -> Disposable
  ) -> Observable<Element> {
    AnonymousObservable(Isolation.checked(subscribe, "create"))
  }
}

final class AnonymousObservable<Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let subscribeHandler: (AnyObserver<Element>) -> Disposable

  init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
    self.subscribeHandler = subscribeHandler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
    return (sink, subscribeHandler(AnyObserver(sink)))
  }
}

final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): only a `OnceFlag` of its own.
  private let stopped = OnceFlag()

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      if stopped.isSet { return }
      forwardOn(event)
    case .error, .completed:
      guard stopped.set() else { return }
      forwardOn(event)
      dispose()
    }
  }
}
