import Dispatch

extension ObservableType where Element: BinaryInteger {
  /// After `dueTime`, sends `0`; then, if `period` is given, `1, 2, …` every `period`.
  ///
  /// Without a period it completes after the `0`.
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Timer(dueTime: dueTime, period: period, scheduler: scheduler)
  }

  /// Sends `0, 1, 2, …`, one every `period`, starting one period after subscribe.
  public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Timer(dueTime: period, period: period, scheduler: scheduler)
  }
}

final class Timer<Element: BinaryInteger>: Producer<Element>, @unchecked Sendable {
  private let dueTime: RxTimeInterval
  private let period: RxTimeInterval?
  private let scheduler: SchedulerType

  init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
    self.dueTime = dueTime
    self.period = period
    self.scheduler = scheduler
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = Sink(observer: observer, cancel: cancel)
    guard let period else {
      let subscription = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
        sink.forwardOn(.next(0))
        sink.forwardOn(.completed)
        sink.dispose()
        return Disposables.create()
      }
      return (sink, subscription)
    }
    let subscription = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { state in
      sink.forwardOn(.next(state))
      return state + 1
    }
    return (sink, subscription)
  }
}
