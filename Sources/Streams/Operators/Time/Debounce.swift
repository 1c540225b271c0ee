import Dispatch

extension ObservableType where Element: Sendable {
  /// Sends an element only after `dueTime` passed without a newer one.
  ///
  /// Completion sends the pending element, if any, first. An error is sent at once and drops the
  /// pending element.
  ///
  /// ```
  /// --a-b------c---|   debounce(20)
  /// -------b-------(c|)
  /// ```
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      // Events and timer callbacks may run on different threads: state and delivery are
      // serialized under this lock, the serialization the Rx contract requires.
      let lock = RecursiveLock.make()
      let timer = SerialDisposable()
      var pending: (id: Int, element: Element)?
      var nextID = 0
      let subscription = source.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let element):
            nextID += 1
            let id = nextID
            pending = (id, element)
            timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
              lock.withLock {
                if let current = pending, current.id == id {
                  pending = nil
                  observer.onNext(current.element)
                }
              }
              return Disposables.create()
            }
          case .error(let error):
            pending = nil
            observer.onError(error)
          case .completed:
            if let current = pending { observer.onNext(current.element) }
            pending = nil
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
