extension ObservableType {
  /// Pairs each element with `object`, held weakly, through `resultSelector`; completes at the
  /// first element that arrives after `object` was deallocated.
  ///
  /// Beware of sharing operators that buffer the result (such as `share(replay: 1)`): the buffer
  /// keeps `object` alive.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Out> {
    withUnretained(
      object, resultSelector: resultSelector, reportedAs: "withUnretained", isolation: isolation, file: file, line: line
    )
  }

  /// `withUnretained(_:resultSelector:)` with `resultSelector` guarded for `isolation` under
  /// `name`: the body of Observable's and Infallible's forms, each reporting its own name.
  func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping (Object, Element) -> Out, reportedAs name: StaticString,
    isolation: (any Actor)?, file: StaticString, line: UInt
  ) -> Observable<Out> {
    let resultSelector =
      (isolation == nil ? resultSelector : Isolation.guarded(resultSelector, name, isolation, file, line))
    return step(()) { [weak object] _, event, downstream in
      switch event {
      case .next(let element):
        if let object {
          downstream.next(resultSelector(object, element))
        } else {
          downstream.completed()
        }
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }

  /// Pairs each element with `object`, held weakly; completes at the first element that arrives
  /// after `object` was deallocated.
  public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
    withUnretained(object) { ($0, $1) }
  }
}
