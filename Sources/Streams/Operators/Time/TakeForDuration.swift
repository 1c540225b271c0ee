import Dispatch

extension ObservableType {
  /// Sends elements for `duration` after subscribing, then completes.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
        lock.withLock { observer.onCompleted() }
        return Disposables.create()
      }
      let subscription = source.subscribe { event in lock.withLock { observer.on(event) } }
      return Disposables.create(subscription, timer)
    }
  }
}
