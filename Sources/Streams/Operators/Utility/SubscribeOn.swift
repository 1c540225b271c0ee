extension ObservableType {
  /// Subscribes to this sequence on `scheduler` (one scheduler step later) and disposes that
  /// subscription on `scheduler` too.
  ///
  /// The source is subscribed as it is, not through `asObservable()`, so when it ends its
  /// subscription is still disposed through `scheduler`, one step after the terminal event, as in
  /// RxSwift. Events are forwarded on whatever thread the source sends them, including an error
  /// sent while subscribing, which arrives on `scheduler`.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    SubscribeOn(source: self, scheduler: scheduler)
  }
}

final class SubscribeOn<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let source: Source
  let scheduler: ImmediateSchedulerType

  init(source: Source, scheduler: ImmediateSchedulerType) {
    self.source = source
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    let everything = SerialDisposable()
    let pending = SingleAssignmentDisposable()
    everything.disposable = pending
    pending.setDisposable(
      scheduler.schedule(()) { [source, scheduler] _ in
        let subscription = source.subscribe(sink)
        everything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
        return Disposables.create()
      })
    return (sink, everything)
  }
}
