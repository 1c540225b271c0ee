extension ObservableType {
  /// Combines each element with the latest element of `second`; elements that arrive before
  /// `second` sent anything are dropped.
  ///
  /// `second` is subscribed before this sequence. The result completes with this sequence; an
  /// error from either ends it; `second` completing changes nothing.
  ///
  /// ```
  /// ----1----2----3--|
  /// --a----b---------|   withLatestFrom
  /// ----1a---2b---3b-|
  /// ```
  public func withLatestFrom<Second: ObservableConvertibleType, Result>(
    _ second: Second, resultSelector: @escaping (Element, Second.Element) throws -> Result
  ) -> Observable<Result> {
    let (first, second) = (asObservable(), second.asObservable())
    return Observable.create { observer in
      let lock = RecursiveLock.make()
      var latest: Second.Element?
      let secondSubscription = second.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let value): latest = value
          case .error(let error): observer.onError(error)
          case .completed: break
          }
        }
      }
      let firstSubscription = first.subscribe { event in
        lock.withLock {
          switch event {
          case .next(let value):
            guard let latest else { return }
            do {
              observer.onNext(try resultSelector(value, latest))
            } catch {
              observer.onError(error)
            }
          case .error(let error): observer.onError(error)
          case .completed: observer.onCompleted()
          }
        }
      }
      return Disposables.create(firstSubscription, secondSubscription)
    }
  }

  /// Sends the latest element of `second` for each element of this sequence.
  public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
    withLatestFrom(second) { $1 }
  }
}
