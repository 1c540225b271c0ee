import Dispatch

extension ObservableType where Element: Sendable {
  /// Fails with ``StreamsError/timeout`` if no element arrives within `dueTime` of subscribing or
  /// of the previous element.
  ///
  /// An element arriving exactly at the deadline wins (equal times run first in, first out).
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timeout(dueTime, other: Observable.error(StreamsError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` if no element arrives within `dueTime` of subscribing or of the previous
  /// element.
  public func timeout<Other: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType
  ) -> Observable<Element> where Other.Element == Element {
    let (source, other) = (asObservable(), other.asObservable())
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      let timer = SerialDisposable()
      let subscription = SerialDisposable()
      var generation = 0
      var switched = false

      func armTimer() {
        let armed = generation
        timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          let fire = lock.withLock { () -> Bool in
            guard !switched, generation == armed else { return false }
            switched = true
            return true
          }
          if fire { subscription.replace { other.subscribe(observer) } }
          return Disposables.create()
        }
      }

      lock.withLock { armTimer() }
      subscription.replace {
        source.subscribe { event in
          lock.withLock {
            guard !switched else { return }
            generation += 1
            observer.on(event)
            if case .next = event { armTimer() } else { timer.dispose() }
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
