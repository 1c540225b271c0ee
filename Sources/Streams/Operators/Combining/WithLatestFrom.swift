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
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func withLatestFrom<Second: ObservableConvertibleType, Result>(
    _ second: Second, resultSelector: @escaping @isolated(any) (Element, Second.Element) throws -> Result
  ) -> Observable<Result> {
    withLatestFrom(
      second, resultSelector: resultSelector, reportedAs: "withLatestFrom"
    )
  }

  /// `withLatestFrom(_:resultSelector:)` with `resultSelector` checked for its isolation under
  /// `name`: the body of Observable's and Infallible's forms, each reporting its own name.
  func withLatestFrom<Second: ObservableConvertibleType, Result>(
    _ second: Second, resultSelector: @escaping @isolated(any) (Element, Second.Element) throws -> Result,
    reportedAs name: StaticString
  ) -> Observable<Result> {
    let resultSelector =
      Isolation.checked(resultSelector, name)
    let (first, second) = (asObservable(), second.asObservable())
    return Observable.create { observer in
      // The two sources may send from different threads: the latest element of `second` is kept
      // under the delivery's lock; the selector runs outside it (on the first source's thread,
      // whose events the grammar serializes) and every event is delivered outside it, in order.
      let delivery = SerializedDelivery(Second.Element?.none, observer: observer)
      let secondSubscription = second.subscribe { event in
        delivery.update { latest, outbox in
          switch event {
          case .next(let value): latest = value
          case .error(let error): outbox.send(.error(error))
          case .completed: break
          }
        }
      }
      let firstSubscription = first.subscribe { event in
        switch event {
        case .next(let value):
          guard let latest = delivery.update({ latest, _ in latest }) else { return }
          let combined = Swift.Result { try resultSelector(value, latest) }
          delivery.update { _, outbox in
            switch combined {
            case .success(let result): outbox.next(result)
            case .failure(let error): outbox.send(.error(error))
            }
          }
        case .error(let error): delivery.update { _, outbox in outbox.send(.error(error)) }
        case .completed: delivery.update { _, outbox in outbox.send(.completed) }
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
