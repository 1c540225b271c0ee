import Dispatch

extension ObservableType where Element: BinaryInteger {
  /// After `dueTime`, sends `0`; then, if `period` is given, `1, 2, …` every `period`.
  ///
  /// Without a period it completes after the `0`.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
    -> Observable<Element>
  {
    SinkProducer { sink in
      guard let period else {
        return scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          sink.forwardOn(.next(0))
          sink.forwardOn(.completed)
          sink.dispose()
          return Disposables.create()
        }
      }
      return scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { state in
        sink.forwardOn(.next(state))
        return state + 1
      }
    }
  }

  /// Sends `0, 1, 2, …`, one every `period`, starting one period after subscribe.
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timer(period, period: period, scheduler: scheduler)
  }
}
