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
      // Events and the trailing timer may run on different threads: the state is changed under
      // the delivery's lock, and what it decides is delivered outside it, in order.
      let delivery = SerializedDelivery(ThrottleState<Element>(), observer: observer)
      let timer = SerialDisposable()

      func sendTrailing() -> Disposable {
        let now = scheduler.now
        delivery.update { state, outbox in
          if let element = state.trailing {
            state.trailing = nil
            state.lastSent = now
            outbox.next(element)
          }
          if state.waitingToComplete { outbox.send(.completed) }
        }
        return Disposables.create()
      }

      let subscription = source.subscribe { event in
        switch event {
        case .next(let element):
          let now = scheduler.now
          let change = delivery.update { state, outbox -> ThrottleState<Element>.TimerChange in
            // Whole microseconds: `Date` arithmetic is floating point, and an element exactly at
            // the window's end must count as outside it.
            let remaining = state.lastSent.map { ((dueTime.seconds - now.timeIntervalSince($0)) * 1e6).rounded() } ?? 0
            if remaining <= 0 {
              state.trailing = nil
              state.lastSent = now
              outbox.next(element)
              return .cancel
            }
            guard latest else { return .keep }
            let alreadyScheduled = state.trailing != nil
            state.trailing = element
            return alreadyScheduled ? .keep : .schedule(microseconds: Int(remaining))
          }
          switch change {
          case .keep: break
          case .cancel: timer.disposable = Disposables.create()
          case .schedule(let microseconds):
            timer.disposable = scheduler.scheduleRelative((), dueTime: .microseconds(microseconds)) { _ in
              sendTrailing()
            }
          }
        case .error:
          delivery.update { _, outbox in outbox.send(event) }
        case .completed:
          delivery.update { state, outbox in
            if state.trailing != nil {
              state.waitingToComplete = true
            } else {
              outbox.send(event)
            }
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}

/// What one `throttle` subscription remembers between events.
private struct ThrottleState<Element> {
  /// What the source thread does with the trailing timer after an element.
  enum TimerChange { case keep, cancel, schedule(microseconds: Int) }

  var lastSent: Date?
  var trailing: Element?
  var waitingToComplete = false
}
