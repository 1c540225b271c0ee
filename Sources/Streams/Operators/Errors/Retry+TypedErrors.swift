extension ObservableType {
  /// Resubscribes each time the sequence that `notificationHandler` builds from the errors of
  /// type `Error` sends an element; its error or completion ends the result.
  ///
  /// The handler sees the errors already cast to `Error`. An error of another type reaches the
  /// handler's sequence as an error, so a handler that lets errors through (as `flatMap`,
  /// `take` and most operators do) ends the result with it, as RxSwift does.
  ///
  /// ```swift
  /// requests.retry(when: { (errors: Observable<HTTPError>) in
  ///   errors.filter(\.isTransient).delay(.seconds(1), scheduler: scheduler)
  /// })
  /// ```
  public func retry<TriggerObservable: ObservableConvertibleType, Error: Swift.Error>(
    when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
  ) -> Observable<Element> {
    retry(when: { (errors: Observable<Swift.Error>) in
      notificationHandler(
        errors.map { error in
          guard let typed = error as? Error else { throw error }
          return typed
        })
    })
  }
}
