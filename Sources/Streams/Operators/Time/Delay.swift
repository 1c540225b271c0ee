import Dispatch

extension ObservableType where Element: Sendable {
  /// Shifts every element and the completion later by `dueTime`; an error is sent at once.
  ///
  /// ```
  /// --a--b--|     delay(20)
  /// ----a--b--|
  /// ```
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      let timers = CompositeDisposable()
      var failed = false
      let subscription = source.subscribe { event in
        if case .error = event {
          lock.withLock {
            failed = true
            observer.on(event)
          }
          return
        }
        let timer = SingleAssignmentDisposable()
        guard let key = timers.insert(timer) else { return }
        timer.setDisposable(
          scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            lock.withLock { if !failed { observer.on(event) } }
            timers.remove(for: key)
            return Disposables.create()
          })
      }
      return Disposables.create(subscription, timers)
    }
  }

  /// Subscribes to this sequence only after `dueTime`.
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let subscription = SerialDisposable()
      subscription.replace {
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          subscription.replace { source.subscribe(observer) }
          return Disposables.create()
        }
      }
      return subscription
    }
  }
}
