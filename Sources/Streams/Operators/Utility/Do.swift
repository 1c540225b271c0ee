extension ObservableType {
  /// Calls the given closures for side effects as events pass, without changing the sequence.
  ///
  /// For a synchronous source the order is: `onSubscribe`, the source's subscribe, `onNext`,
  /// `afterNext`, `onCompleted`, `afterCompleted`, the source's dispose, `onSubscribed`,
  /// `onDispose`. An error thrown by `onNext`, `onError` or `onCompleted` replaces the event with
  /// that error; `onDispose` runs once, on the terminal event or on dispose.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `do`(
    onNext: (@isolated(any) (Element) throws -> Void)? = nil,
    afterNext: (@isolated(any) (Element) throws -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    onCompleted: (@isolated(any) () throws -> Void)? = nil,
    afterCompleted: (@isolated(any) () throws -> Void)? = nil,
    onSubscribe: (@isolated(any) () -> Void)? = nil,
    onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> Observable<Element> {
    Do(
      source: asObservable(),
      handlers: DoHandlers(
        onNext: Isolation.checked(onNext, "do"), afterNext: Isolation.checked(afterNext, "do"),
        onError: Isolation.checked(onError, "do"), afterError: Isolation.checked(afterError, "do"),
        onCompleted: Isolation.checked(onCompleted, "do"), afterCompleted: Isolation.checked(afterCompleted, "do")),
      onSubscribe: Isolation.checked(onSubscribe, "do"), onSubscribed: Isolation.checked(onSubscribed, "do"),
      onDispose: Isolation.checked(onDispose, "do"))
  }
}

struct DoHandlers<Element> {
  let onNext: ((Element) throws -> Void)?
  let afterNext: ((Element) throws -> Void)?
  let onError: ((Swift.Error) throws -> Void)?
  let afterError: ((Swift.Error) throws -> Void)?
  let onCompleted: (() throws -> Void)?
  let afterCompleted: (() throws -> Void)?
}

final class Do<Element>: Producer<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  private let source: Observable<Element>
  private let handlers: DoHandlers<Element>
  private let onSubscribe: (() -> Void)?
  private let onSubscribed: (() -> Void)?
  private let onDispose: (() -> Void)?

  init(
    source: Observable<Element>, handlers: DoHandlers<Element>, onSubscribe: (() -> Void)?,
    onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
  ) {
    self.source = source
    self.handlers = handlers
    self.onSubscribe = onSubscribe
    self.onSubscribed = onSubscribed
    self.onDispose = onDispose
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    onSubscribe?()
    let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
    let subscription = source.subscribe(sink)
    onSubscribed?()
    guard let onDispose else { return (sink, subscription) }
    return (sink, Disposables.create(subscription, Disposables.create(with: onDispose)))
  }
}

final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): only `let`s of its own.
  typealias Element = Observer.Element
  private let handlers: DoHandlers<Element>

  init(handlers: DoHandlers<Element>, observer: Observer, cancel: Cancelable) {
    self.handlers = handlers
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Element>) {
    do {
      switch event {
      case .next(let element):
        try handlers.onNext?(element)
        forwardOn(event)
        try handlers.afterNext?(element)
      case .error(let error):
        try handlers.onError?(error)
        forwardOn(event)
        dispose()
        try handlers.afterError?(error)
      case .completed:
        try handlers.onCompleted?()
        forwardOn(event)
        dispose()
        try handlers.afterCompleted?()
      }
    } catch {
      forwardOn(.error(error))
      dispose()
    }
  }
}
