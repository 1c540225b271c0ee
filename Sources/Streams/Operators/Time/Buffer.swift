import Dispatch

extension ObservableType where Element: Sendable {
  /// Collects elements into arrays, sent every `timeSpan` or as soon as `count` are collected,
  /// whichever comes first.
  ///
  /// A count-triggered buffer restarts the timer. Empty buffers are sent too, including a final
  /// one at completion; an error is sent at once and drops the current buffer.
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
    let source = asObservable()
    return Observable.create { observer in
      // The source and the timer may run on different threads: the buffer changes under the
      // delivery's lock, and what it decides (send a buffer, start the next timer) runs outside
      // it, in order.
      typealias State = (buffer: [Element], window: Int)
      let timer = SerialDisposable()
      let delivery = SerializedDelivery(State([], 0), observer: ActionRunner(observer))

      func startTimer(_ window: Int) {
        timer.disposable = delivery.rotation(of: window, after: timeSpan, on: scheduler, current: { $0.window }, rotate)
      }
      func rotate(_ state: inout State, _ outbox: inout SerializedDelivery<State, ActionRunner<[Element]>>.Events) {
        let full = state.buffer
        state.buffer = []
        state.window += 1
        let next = state.window
        outbox.next { observer.onNext(full) }
        outbox.next { startTimer(next) }
      }

      delivery.update { state, outbox in
        state.window = 1
        outbox.next { startTimer(1) }
      }
      let subscription = source.subscribe { event in
        delivery.update { state, outbox in
          switch event {
          case .next(let element):
            state.buffer.append(element)
            if state.buffer.count >= count { rotate(&state, &outbox) }
          case .error(let error):
            state.buffer = []
            outbox.send(.error(error))
          case .completed:
            let full = state.buffer
            state.buffer = []
            outbox.next { observer.onNext(full) }
            outbox.send(.completed)
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }

  /// Splits the elements into consecutive windows, each an observable closed every `timeSpan` or
  /// after `count` elements, whichever comes first.
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>>
  {
    let source = asObservable()
    return Observable.create { observer in
      // The source and the timer may run on different threads: the current window changes under
      // the delivery's lock, and what it decides (open or close a window, forward an element to
      // it, start the next timer) runs outside it, in order.
      typealias State = (current: PublishSubject<Element>, filled: Int, window: Int)
      let timer = SerialDisposable()
      let delivery = SerializedDelivery(State(PublishSubject(), 0, 0), observer: ActionRunner(observer))
      typealias Events = SerializedDelivery<State, ActionRunner<Observable<Element>>>.Events

      func startTimer(_ window: Int) {
        timer.disposable = delivery.rotation(of: window, after: timeSpan, on: scheduler, current: { $0.window }, rotate)
      }
      func open(_ state: inout State, _ outbox: inout Events) {
        let subject = PublishSubject<Element>()
        state.current = subject
        state.filled = 0
        outbox.next { observer.onNext(subject.asObservable()) }
      }
      func rotate(_ state: inout State, _ outbox: inout Events) {
        let closing = state.current
        outbox.next { closing.onCompleted() }
        open(&state, &outbox)
        state.window += 1
        let next = state.window
        outbox.next { startTimer(next) }
      }

      delivery.update { state, outbox in
        open(&state, &outbox)
        state.window = 1
        outbox.next { startTimer(1) }
      }
      let subscription = source.subscribe { event in
        delivery.update { state, outbox in
          let current = state.current
          switch event {
          case .next(let element):
            outbox.next { current.onNext(element) }
            state.filled += 1
            if state.filled >= count { rotate(&state, &outbox) }
          case .error(let error):
            outbox.next { current.onError(error) }
            outbox.send(.error(error))
          case .completed:
            outbox.next { current.onCompleted() }
            outbox.send(.completed)
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}

extension SerializedDelivery {
  /// Schedules the end of window number `window` of `buffer(timeSpan:count:scheduler:)` or
  /// `window(timeSpan:count:scheduler:)`: after `timeSpan`, in the delivery's turn, `rotate` ends
  /// it, unless `current` says that a full window already rotated it (a newer window is current).
  fileprivate func rotation(
    of window: Int, after timeSpan: RxTimeInterval, on scheduler: SchedulerType, current: @escaping (State) -> Int,
    _ rotate: @escaping (inout State, inout Events) -> Void
  ) -> Disposable {
    scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
      self.update { state, outbox in
        guard current(state) == window else { return }
        rotate(&state, &outbox)
      }
      return Disposables.create()
    }
  }
}
