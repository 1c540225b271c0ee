extension ObservableType {
  /// Resubscribes each time the sequence that `notificationHandler` builds from the errors of
  /// type `Error` sends an element; its error or completion ends the result.
  ///
  /// The handler sees the errors already cast to `Error`. An error of another type ends the
  /// result at once, without reaching the handler, as in RxSwift.
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
      Observable<TriggerObservable.Element>.create { trigger in
        let typedErrors = PublishSubject<Error>()
        let triggers = notificationHandler(typedErrors.asObservable()).asObservable().subscribe(trigger)
        let failures = errors.subscribe(onNext: { error in
          if let typed = error as? Error {
            typedErrors.onNext(typed)
          } else {
            trigger.onError(error)
          }
        })
        return Disposables.create(failures, triggers)
      }
    })
  }
}
