extension ObservableType {
  /// Subscribes to `selector(element)` for the source's first element and forwards its events;
  /// a source that completes empty completes. The chaining behind the traits' `flatMap`.
  func continueWith<Result>(_ selector: @escaping (Element) throws -> Observable<Result>) -> Observable<Result> {
    let source = asObservable()
    return Observable.create { observer in
      let inner = SerialDisposable()
      let outer = SingleAssignmentDisposable()
      // Touched only by the source's events, which the Rx grammar serializes.
      let continued = UncheckedBox(false)
      outer.setDisposable(
        source.subscribe { event in
          if continued.value { return }
          switch event {
          case .next(let element):
            continued.value = true
            outer.dispose()
            do {
              inner.disposable = try selector(element).subscribe(observer)
            } catch {
              observer.onError(error)
            }
          case .error(let error): observer.onError(error)
          case .completed: observer.onCompleted()
          }
        })
      return Disposables.create(outer, inner)
    }
  }

  /// Forwards this sequence's error, or on its completion subscribes to `next`. Elements of this
  /// sequence are ignored. The chaining behind ``Completable``'s `andThen`.
  func thenSubscribe<Next>(_ next: Observable<Next>) -> Observable<Next> {
    let source = asObservable()
    return Observable.create { observer in
      let first = SingleAssignmentDisposable()
      let second = SingleAssignmentDisposable()
      first.setDisposable(
        source.subscribe { event in
          switch event {
          case .next: break
          case .error(let error): observer.onError(error)
          case .completed: second.setDisposable(next.subscribe(observer))
          }
        })
      return Disposables.create(first, second)
    }
  }
}
