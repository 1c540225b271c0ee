extension ObservableType where Element: Sendable {
  /// Delivers every event on `scheduler`, in order, one at a time.
  ///
  /// Events are queued and drained by one scheduled action at a time, so delivery stays serial
  /// even on a concurrent scheduler. Disposing drops events not yet delivered.
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let lock = Lock.make()
      let drain = SerialDisposable()
      var queue = Queue<Event<Element>>()
      var draining = false

      func next() -> Event<Element>? {
        lock.withLock {
          guard !queue.isEmpty else {
            draining = false
            return nil
          }
          return queue.dequeue()
        }
      }

      let subscription = source.subscribe { event in
        let start = lock.withLock { () -> Bool in
          queue.enqueue(event)
          defer { draining = true }
          return !draining
        }
        guard start else { return }
        drain.disposable = scheduler.schedule(()) { _ in
          while !drain.isDisposed, let event = next() { observer.on(event) }
          return Disposables.create()
        }
      }
      return Disposables.create(subscription, drain)
    }
  }
}
