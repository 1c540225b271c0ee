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
