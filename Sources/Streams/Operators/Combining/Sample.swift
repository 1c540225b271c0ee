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
      let lock = RecursiveLock.make()
      var pending: Element?
      var sourceDone = false
      let sourceSubscription = SingleAssignmentDisposable()
      sourceSubscription.setDisposable(
        source.subscribe { event in
          lock.withLock {
            switch event {
            case .next(let value): pending = value
            case .error(let error): observer.onError(error)
            case .completed:
              sourceDone = true
              sourceSubscription.dispose()
            }
          }
        })
      let samplerSubscription = sampler.subscribe { event in
        lock.withLock {
          switch event {
          case .next, .completed:
            if let value = pending ?? defaultValue {
              pending = nil
              observer.onNext(value)
            }
            if sourceDone { observer.onCompleted() }
          case .error(let error): observer.onError(error)
          }
        }
      }
      return Disposables.create(sourceSubscription, samplerSubscription)
    }
  }
}
