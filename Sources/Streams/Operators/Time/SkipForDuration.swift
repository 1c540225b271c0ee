import Dispatch

extension ObservableType {
  /// Drops the elements that arrive within `duration` of subscribing; errors and completion pass
  /// at any time. (RxSwift's spelling: the duration has no argument label.)
  ///
  /// ```
  /// --1--2--3--4--|   skip(.seconds(25), scheduler:), one frame = 10 s
  /// --------3--4--|
  /// ```
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let open = LockedState(false)
      let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
        open.withLock { $0 = true }
        return Disposables.create()
      }
      // Only the flag is locked: the timer sends nothing, so events need no serializing with it.
      let subscription = source.subscribe { event in
        if case .next = event, !open.snapshot { return }
        observer.on(event)
      }
      return Disposables.create(subscription, timer)
    }
  }
}
