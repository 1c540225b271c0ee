extension ObservableType {
  /// Sends the newest element of this sequence each time `sampler` ticks, if one arrived since
  /// the previous tick; otherwise `defaultValue`, when given.
  ///
  /// The sampler's completion counts as a tick. The result completes at the first tick (or the
  /// sampler's completion) after this sequence completed; if the sampler completes while this
  /// sequence is still running, the result never completes. An error from either ends the result.
  /// As in RxSwift, this sequence is subscribed first, then the sampler.
  ///
  /// ```
  /// --1-2-----3---|
  /// -----x--x---x----x-|   sample
  /// -----2------3----|
  /// ```
  public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil)
    -> Observable<Element>
  {
    let (source, sampler) = (asObservable(), sampler.asObservable())
    return Observable.create { observer in
      // Elements are delivered under the lock (a documented exception, as in RxSwift). A terminal
      // event is decided under it, marking the result stopped, and sent after unlocking, where the
      // observer disposes both subscriptions: no dispose runs under the lock.
      let lock = RecursiveLock.make()
      var pending: Element?
      var sourceDone = false
      var stopped = false
      let sourceSubscription = SingleAssignmentDisposable()
      sourceSubscription.setDisposable(
        source.subscribe { event in
          let end = lock.withLock { () -> Event<Element>? in
            guard !stopped else { return nil }
            switch event {
            case .next(let value): pending = value
            case .error(let error):
              stopped = true
              return .error(error)
            case .completed: sourceDone = true
            }
            return nil
          }
          if event.isCompleted { sourceSubscription.dispose() }
          if let end { observer.on(end) }
        })
      let samplerSubscription = sampler.subscribe { event in
        let end = lock.withLock { () -> Event<Element>? in
          guard !stopped else { return nil }
          if case .error(let error) = event {
            stopped = true
            return .error(error)
          }
          if let value = pending ?? defaultValue {
            pending = nil
            observer.onNext(value)
          }
          guard sourceDone else { return nil }
          stopped = true
          return .completed
        }
        if let end { observer.on(end) }
      }
      return Disposables.create(sourceSubscription, samplerSubscription)
    }
  }
}
