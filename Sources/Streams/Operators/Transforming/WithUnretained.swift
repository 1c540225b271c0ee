extension ObservableType {
  /// Pairs each element with `object`, held weakly, through `resultSelector`; completes at the
  /// first element that arrives after `object` was deallocated.
  ///
  /// Beware of sharing operators that buffer the result (such as `share(replay: 1)`): the buffer
  /// keeps `object` alive.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping @isolated(any) (Object, Element) -> Out
  ) -> Observable<Out> {
    withUnretained(
      object, resultSelector: resultSelector, reportedAs: "withUnretained"
    )
  }

  /// `withUnretained(_:resultSelector:)` with `resultSelector` checked for its isolation under
  /// `name`: the body of Observable's and Infallible's forms, each reporting its own name.
  func withUnretained<Object: AnyObject, Out>(
    _ object: Object, resultSelector: @escaping @isolated(any) (Object, Element) -> Out, reportedAs name: StaticString
  ) -> Observable<Out> {
    let resultSelector =
      Isolation.checked(resultSelector, name)
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
