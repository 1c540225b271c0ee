extension ObservableType {
  /// Sends elements until `other` sends an element, then completes and disposes both.
  ///
  /// Only an element of `other` ends the result; its completion changes nothing, its error is
  /// sent on.
  ///
  /// ```
  /// --1--2--3--4--|
  /// --------x-----|   take(until:)
  /// --1--2--|
  /// ```
  public func take<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
    let (source, other) = (asObservable(), other.asObservable())
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      let trigger = other.subscribe { event in
        lock.withLock {
          switch event {
          case .next: observer.onCompleted()
          case .error(let error): observer.onError(error)
          case .completed: break
          }
        }
      }
      let subscription = source.subscribe { event in lock.withLock { observer.on(event) } }
      return Disposables.create(subscription, trigger)  // The source first, as in RxSwift.
    }
  }

  /// Drops elements until `other` sends an element, then sends the rest.
  ///
  /// Subscribes to this sequence first, then to `other`. If `other` completes without an element,
  /// nothing of this sequence is ever sent: when it ends, the result does not complete either; the
  /// subscriptions are just disposed. An error from either is sent at once.
  ///
  /// ```
  /// --1--2--3--4--|
  /// -------x------|   skip(until:)
  /// --------3--4--|
  /// ```
  public func skip<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
    let (source, other) = (asObservable(), other.asObservable())
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      var open = false
      let subscription = SingleAssignmentDisposable()
      let gate = SingleAssignmentDisposable()
      subscription.setDisposable(
        source.subscribe { event in
          lock.withLock {
            switch event {
            case .next: if open { observer.on(event) }
            case .error: observer.on(event)
            case .completed:
              if open {
                observer.on(event)
              } else {
                gate.dispose()
                subscription.dispose()
              }
            }
          }
        })
      gate.setDisposable(
        other.subscribe { event in
          lock.withLock {
            switch event {
            case .next:
              open = true
              gate.dispose()
            case .error(let error): observer.onError(error)
            case .completed: gate.dispose()
            }
          }
        })
      return Disposables.create(subscription, gate)
    }
  }
}
