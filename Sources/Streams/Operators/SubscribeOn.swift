extension ObservableType {
  /// Subscribes to this sequence on `scheduler` (one scheduler step later) and disposes the
  /// subscription there too.
  public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let subscription = SingleAssignmentDisposable()
      let scheduled = scheduler.schedule(()) { _ in
        subscription.setDisposable(ScheduledDisposable(scheduler: scheduler, disposable: source.subscribe(observer)))
        return Disposables.create()
      }
      return Disposables.create(scheduled, subscription)
    }
  }
}
