import Foundation

extension ObservableType where Element: Sendable {
  /// Sends at most one element per `dueTime`: the first at once, then, with `latest`, the newest
  /// one that arrived during the window, at the window's end.
  ///
  /// With `latest: true`, completion waits for a trailing element. An element arriving exactly at
  /// a window's end opens a new window and is sent at once.
  ///
  /// ```
  /// --a-b-c-----d--|   throttle(30, latest: true)
  /// --a----c----d--|
  /// ```
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      let timer = SerialDisposable()
      var lastSent: Date?
      var trailing: Element?
      var waitingToComplete = false

      func send(_ element: Element) {
        lastSent = scheduler.now
        observer.onNext(element)
      }

      let subscription = source.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let element):
            // Whole microseconds: `Date` arithmetic is floating point, and an element exactly at
            // the window's end must count as outside it.
            let remaining = lastSent.map { ((dueTime.seconds - scheduler.now.timeIntervalSince($0)) * 1e6).rounded() } ?? 0
            if remaining <= 0 {
              trailing = nil
              timer.disposable = Disposables.create()
              send(element)
              return
            }
            guard latest else { return }
            let alreadyScheduled = trailing != nil
            trailing = element
            if alreadyScheduled { return }
            timer.disposable = scheduler.scheduleRelative((), dueTime: .microseconds(Int(remaining))) { _ in
              lock.withLock {
                if let element = trailing {
                  trailing = nil
                  send(element)
                }
                if waitingToComplete { observer.onCompleted() }
              }
              return Disposables.create()
            }
          case .error(let error):
            observer.onError(error)
          case .completed:
            if trailing != nil {
              waitingToComplete = true
            } else {
              observer.onCompleted()
            }
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
