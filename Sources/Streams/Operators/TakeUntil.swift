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
      return Disposables.create(trigger, subscription)
    }
  }

  /// Drops elements until `other` sends an element, then sends the rest.
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
      let gate = SingleAssignmentDisposable()
      gate.setDisposable(
        other.subscribe { event in
          lock.withLock {
            switch event {
            case .next:
              open = true
              gate.dispose()
            case .error(let error): observer.onError(error)
            case .completed: break
            }
          }
        })
      let subscription = source.subscribe { event in
        lock.withLock {
          if case .next = event, !open { return }
          observer.on(event)
        }
      }
      return Disposables.create(gate, subscription)
    }
  }
}
