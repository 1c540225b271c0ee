extension ObservableType where Element == Swift.Never {
  /// On this sequence's completion, subscribes to `next` and forwards its events; an error skips
  /// it. The source's subscription is released when `next`'s starts. Behind ``Completable``'s
  /// `andThen`.
  func andThenSubscribe<Next>(_ next: Observable<Next>) -> Observable<Next> {
    let source = asObservable()
    return Observable.create { observer in
      let current = SerialDisposable()
      let first = SingleAssignmentDisposable()
      current.disposable = first
      first.setDisposable(
        source.subscribe { event in
          switch event {
          case .next: break
          case .error(let error): observer.onError(error)
          case .completed: current.disposable = next.subscribe(observer)
          }
        })
      return current
    }
  }
}

extension ObservableType {
  /// Forwards this sequence's events, but if it completes without an element, subscribes to
  /// `other` and forwards its events instead. Both subscriptions last until the result ends.
  /// Behind ``Maybe``'s `ifEmpty`.
  func continueIfEmpty(with other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let switched = SingleAssignmentDisposable()
      let isEmpty = UncheckedBox(true)  // Serialized: the source's events never overlap.
      let subscription = source.subscribe { event in
        switch event {
        case .next(let element):
          isEmpty.value = false
          observer.onNext(element)
        case .error(let error):
          observer.onError(error)
        case .completed:
          if isEmpty.value {
            switched.setDisposable(other.subscribe(observer))
          } else {
            observer.onCompleted()
          }
        }
      }
      return Disposables.create(subscription, switched)
    }
  }
}
