import Dispatch

extension ObservableType {
  /// Sends elements for `duration` after subscribing, then completes.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      // The source and the timer may send from different threads: delivered one at a time.
      let delivery = SerializedDelivery((), observer: observer)
      let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
        delivery.update { _, outbox in outbox.send(.completed) }
        return Disposables.create()
      }
      let subscription = source.subscribe { event in delivery.update { _, outbox in outbox.send(event) } }
      return Disposables.create(subscription, timer)
    }
  }
}
