extension ObservableType where Element: Sendable {
  /// Collects elements into arrays, sent every `timeSpan` or as soon as `count` are collected,
  /// whichever comes first.
  ///
  /// A count-triggered buffer restarts the timer. Empty buffers are sent too, including a final
  /// one at completion; an error is sent at once and drops the current buffer.
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
    let source = asObservable()
    return Observable.create { observer in
      // Documented exception (see TheContract.md, "How operators keep delivery serial"): the
      // source and the timer deliver, and schedule the next timer, while holding this recursive
      // lock, as RxSwift does; an observer that waits for another thread sending here deadlocks.
      let lock = RecursiveLock.make()
      let timer = SerialDisposable()
      var buffer: [Element] = []
      var window = 0

      func flush() {
        let full = buffer
        buffer = []
        observer.onNext(full)
      }
      func startTimer() {
        window += 1
        let current = window
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
          lock.withLock {
            guard window == current else { return }
            flush()
            startTimer()
          }
          return Disposables.create()
        }
      }

      lock.withLock { startTimer() }
      let subscription = source.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let element):
            buffer.append(element)
            if buffer.count >= count {
              flush()
              startTimer()
            }
          case .error(let error):
            buffer = []
            observer.onError(error)
          case .completed:
            flush()
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }

  /// Splits the elements into consecutive windows, each an observable closed every `timeSpan` or
  /// after `count` elements, whichever comes first.
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
    let source = asObservable()
    return Observable.create { observer in
      // Documented exception (see TheContract.md, "How operators keep delivery serial"): the
      // source and the timer deliver, and schedule the next timer, while holding this recursive
      // lock, as RxSwift does; an observer that waits for another thread sending here deadlocks.
      let lock = RecursiveLock.make()
      let timer = SerialDisposable()
      var current = PublishSubject<Element>()
      var filled = 0
      var window = 0

      func open() {
        current = PublishSubject<Element>()
        filled = 0
        observer.onNext(current.asObservable())
      }
      func startTimer() {
        window += 1
        let armed = window
        timer.disposable = scheduler.scheduleRelative((), dueTime: timeSpan) { _ in
          lock.withLock {
            guard window == armed else { return }
            current.onCompleted()
            open()
            startTimer()
          }
          return Disposables.create()
        }
      }

      lock.withLock {
        open()
        startTimer()
      }
      let subscription = source.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let element):
            current.onNext(element)
            filled += 1
            if filled >= count {
              current.onCompleted()
              open()
              startTimer()
            }
          case .error(let error):
            current.onError(error)
            observer.onError(error)
          case .completed:
            current.onCompleted()
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(subscription, timer)
    }
  }
}
