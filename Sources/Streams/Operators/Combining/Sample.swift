extension ObservableType {
  /// Sends the newest element of this sequence each time `sampler` ticks, if one arrived since
  /// the previous tick; otherwise `defaultValue`, when given.
  ///
  /// Completes when `sampler` completes (after sending a pending element) or at the first tick
  /// after this sequence completed. An error from either ends the result.
  ///
  /// ```
  /// --1-2-----3---|
  /// -----x--x---x-|   sample
  /// -----2------3-|
  /// ```
  public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil)
    -> Observable<Element>
  {
    let (source, sampler) = (asObservable(), sampler.asObservable())
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      var pending: Element?
      var sourceDone = false
      let sourceSubscription = source.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let value): pending = value
          case .error(let error): observer.onError(error)
          case .completed: sourceDone = true
          }
        }
      }
      let samplerSubscription = sampler.subscribe { event in
        lock.withLock {
          switch event {
          case .next:
            if let value = pending ?? defaultValue { observer.onNext(value) }
            pending = nil
            if sourceDone { observer.onCompleted() }
          case .error(let error): observer.onError(error)
          case .completed:
            if let value = pending { observer.onNext(value) }
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(sourceSubscription, samplerSubscription)
    }
  }
}
