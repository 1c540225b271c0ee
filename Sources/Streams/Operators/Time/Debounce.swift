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
      // Events and timers may run on different threads: the pending element is changed under the
      // delivery's lock, and what it decides is delivered outside it, in order.
      let delivery = SerializedDelivery((pending: (id: Int, element: Element)?.none, lastID: 0), observer: observer)
      let timer = SerialDisposable()
      let subscription = source.subscribe { event in
        switch event {
        case .next(let element):
          let id = delivery.update { state, _ in
            state.lastID += 1
            state.pending = (state.lastID, element)
            return state.lastID
          }
          timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            delivery.update { state, outbox in
              guard let current = state.pending, current.id == id else { return }
              state.pending = nil
              outbox.next(current.element)
            }
            return Disposables.create()
          }
        case .error:
          delivery.update { state, outbox in
            state.pending = nil
            outbox.send(event)
          }
        case .completed:
          delivery.update { state, outbox in
            if let current = state.pending { outbox.next(current.element) }
            state.pending = nil
            outbox.send(event)
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
