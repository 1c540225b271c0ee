extension ObservableType {
  /// Subscribes to `selector(element)` for the source's first element and forwards its events;
  /// a source that completes empty completes. The chaining behind the traits' `flatMap`.
  func continueWith<Result>(_ selector: @escaping (Element) throws -> Observable<Result>) -> Observable<Result> {
    let source = asObservable()
    return Observable.create { observer in
      let inner = SerialDisposable()
      let outer = SingleAssignmentDisposable()
      outer.setDisposable(
        source.subscribe { event in
          switch event {
          case .next(let element):
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
      let serial = SerialDisposable()
      serial.disposable = source.subscribe { event in
        switch event {
        case .next: break
        case .error(let error): observer.onError(error)
        case .completed: serial.disposable = next.subscribe(observer)
        }
      }
      return serial
    }
  }
}
