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
      // The events waiting for their time. Each timer that fires moves the oldest one to the
      // observer: every event waits the same time, so the oldest is due whenever any is, and
      // timers that fire out of order or at once on a concurrent scheduler cannot reorder events.
      let delivery = SerializedDelivery(Queue<Event<Element>>(), observer: observer)
      let timers = CompositeDisposable()
      let subscription = source.subscribe { event in
        if case .error = event {
          // At once, or right after the event being delivered; the waiting events are dropped.
          delivery.update { waiting, outbox in
            waiting = Queue()
            outbox.send(event)
          }
          return
        }
        delivery.update { waiting, _ in waiting.enqueue(event) }
        let timer = SingleAssignmentDisposable()
        guard let key = timers.insert(timer) else { return }
        timer.setDisposable(
          scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            timers.remove(for: key)
            delivery.update { waiting, outbox in
              if !waiting.isEmpty { outbox.send(waiting.dequeue()) }
            }
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
