extension ObservableType {
  /// Calls the given closures for side effects as events pass, without changing the sequence.
  ///
  /// For a synchronous source the order is: `onSubscribe`, the source's subscribe, `onNext`,
  /// `afterNext`, `onCompleted`, `afterCompleted`, the source's dispose, `onSubscribed`,
  /// `onDispose`. An error thrown by `onNext`, `onError` or `onCompleted` replaces the event with
  /// that error; `onDispose` runs once, on the terminal event or on dispose.
  public func `do`(
    onNext: ((Element) throws -> Void)? = nil,
    afterNext: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onCompleted: (() throws -> Void)? = nil,
    afterCompleted: (() throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Element> {
    guard isolation != nil else {
      // Formed outside any actor: the closures are stored as they are (passing them through the
      // generic helpers below would wrap each in reabstraction thunks, a cost per event).
      return Do(
        source: asObservable(),
        handlers: DoHandlers(
          onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
          onCompleted: onCompleted, afterCompleted: afterCompleted),
        onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
    func guarded<A, R>(_ body: ((A) throws -> R)?) -> ((A) throws -> R)? {
      Isolation.guarded(body, "do", isolation, file, line)
    }
    func guarded<R>(_ body: (() throws -> R)?) -> (() throws -> R)? {
      Isolation.guarded(body, "do", isolation, file, line)
    }
    func guarded<R>(_ body: (() -> R)?) -> (() -> R)? { Isolation.guarded(body, "do", isolation, file, line) }
    return Do(
      source: asObservable(),
      handlers: DoHandlers(
        onNext: guarded(onNext), afterNext: guarded(afterNext), onError: guarded(onError),
        afterError: guarded(afterError), onCompleted: guarded(onCompleted), afterCompleted: guarded(afterCompleted)),
      onSubscribe: guarded(onSubscribe), onSubscribed: guarded(onSubscribed), onDispose: guarded(onDispose))
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
