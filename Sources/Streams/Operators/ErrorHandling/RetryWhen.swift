extension ObservableType {
  /// Resubscribes each time the sequence that `notificationHandler` builds from the errors sends
  /// an element after an error.
  ///
  /// The handler's sequence is subscribed first, then the source. On an error, the failed
  /// subscription is disposed and the error goes to the handler's sequence; what that sequence
  /// sends next decides: an element resubscribes (queued until the failed attempt's `on(.error)`
  /// returns, so synchronous failures loop instead of nesting), an error ends the result with that
  /// error, a completion completes the result. Events of the handler's sequence while no error is
  /// pending are ignored: if it completes then, the result completes when the source completes (or
  /// at the next error). An error that is not an `Error` ends the result at once.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func retry<Error: Swift.Error, Trigger: ObservableConvertibleType>(
    when notificationHandler: @escaping @isolated(any) (Observable<Error>) -> Trigger
  ) -> Observable<Element> {
    retrying(when: notificationHandler)
  }

  /// `retry(when:)` with the errors as `Swift.Error`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func retry<Trigger: ObservableConvertibleType>(
    when notificationHandler: @escaping @isolated(any) (Observable<Swift.Error>) -> Trigger
  ) -> Observable<Element> {
    retrying(when: notificationHandler)
  }

  /// Both `retry(when:)` overloads: `notificationHandler`, checked for its isolation, drives a
  /// ``RetryWhen`` over this sequence; `Error` is the error type the handler's sequence receives.
  private func retrying<Error: Swift.Error, Trigger: ObservableConvertibleType>(
    when notificationHandler: @escaping @isolated(any) (Observable<Error>) -> Trigger
  ) -> Observable<Element> {
    RetryWhen(
      source: asObservable(),
      notificationHandler: Isolation.checked(notificationHandler, "retry(when:)"))
  }
}

final class RetryWhen<Element, Failure: Swift.Error, Trigger: ObservableConvertibleType>: Producer<Element>,
  @unchecked Sendable
{
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let source: Observable<Element>
  let notificationHandler: (Observable<Failure>) -> Trigger

  init(source: Observable<Element>, notificationHandler: @escaping (Observable<Failure>) -> Trigger) {
    self.source = source
    self.notificationHandler = notificationHandler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = RetryWhenSink(parent: self, observer: observer, cancel: cancel)
    return (sink, sink.run())
  }
}

final class RetryWhenSink<Failure: Swift.Error, Trigger: ObservableConvertibleType, Observer: ObserverType>:
  Sink<Observer>, @unchecked Sendable
{
  // Unchecked: Sink family (see `Sink`): only `let`s; its steps run inside its `ActionGate`.
  typealias Parent = RetryWhen<Observer.Element, Failure, Trigger>

  private let parent: Parent
  private let gate = ActionGate()
  private let errors = PublishSubject<Failure>()
  private let notifier = PublishSubject<Trigger.Element>()
  private let attempt = SerialDisposable()

  init(parent: Parent, observer: Observer, cancel: Cancelable) {
    self.parent = parent
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    let handler = parent.notificationHandler(errors.asObservable()).asObservable()
    let triggers = handler.subscribe(notifier.asObserver())
    gate.invoke { self.subscribeAgain() }
    return Disposables.create(attempt, triggers)
  }

  private func subscribeAgain() {
    if isDisposed { return }
    let current = RetryWhenAttempt(sink: self)
    attempt.disposable = current
    current.source.setDisposable(parent.source.subscribe(current))
  }

  /// An attempt failed: listen to the handler's sequence, then tell it about the error.
  fileprivate func failed(_ error: Swift.Error, in current: RetryWhenAttempt<Failure, Trigger, Observer>) {
    guard let failure = error as? Failure else {
      forwardErrorAndDispose(error)
      return
    }
    current.source.dispose()
    current.trigger.setDisposable(
      notifier.subscribe { [self] event in
        switch event {
        case .next: gate.invoke { self.subscribeAgain() }
        case .error(let error): forwardErrorAndDispose(error)
        case .completed:
          forwardOn(.completed)
          dispose()
        }
      })
    errors.onNext(failure)
  }

  fileprivate func forward(_ event: Event<Observer.Element>) {
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }

  override func dispose() {
    super.dispose()
    attempt.dispose()
    gate.dispose()
  }
}

/// One subscription to the source, and the handler's answer to its error.
final class RetryWhenAttempt<Failure: Swift.Error, Trigger: ObservableConvertibleType, Observer: ObserverType>:
  ObserverType, Disposable, @unchecked Sendable
{
  // Unchecked: only `let`s: two thread-safe disposables and the sink.
  let source = SingleAssignmentDisposable()
  let trigger = SingleAssignmentDisposable()
  private let sink: RetryWhenSink<Failure, Trigger, Observer>

  init(sink: RetryWhenSink<Failure, Trigger, Observer>) {
    self.sink = sink
  }

  func on(_ event: Event<Observer.Element>) {
    if case .error(let error) = event {
      sink.failed(error, in: self)
    } else {
      sink.forward(event)
    }
  }

  func dispose() {
    source.dispose()
    trigger.dispose()
  }
}
