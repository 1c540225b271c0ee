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
      // Events and the timer may run on different threads: `generation` counts the source's
      // events and `switched` records the timeout, both under the delivery's lock; every event,
      // the fallback's too, is delivered outside it, in order.
      let delivery = SerializedDelivery((generation: 0, switched: false), observer: observer)
      let timer = SerialDisposable()
      let subscription = SerialDisposable()

      func arm(_ armed: Int) {
        timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          let fire = delivery.update { state, _ -> Bool in
            guard !state.switched, state.generation == armed else { return false }
            state.switched = true
            return true
          }
          if fire {
            // Subscribed before the source is disposed, as in RxSwift: the default `other`'s
            // error comes first.
            subscription.disposable = other.subscribe { event in
              delivery.update { _, outbox in outbox.send(event) }
            }
          }
          return Disposables.create()
        }
      }

      arm(0)
      subscription.replace {
        source.subscribe { event in
          let generation = delivery.update { state, outbox -> Int? in
            guard !state.switched else { return nil }
            state.generation += 1
            outbox.send(event)
            return state.generation
          }
          guard let generation else { return }
          if case .next = event { arm(generation) } else { timer.dispose() }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
