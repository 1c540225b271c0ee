extension ObservableType {
  /// Resubscribes after every error, for ever.
  public func retry() -> Observable<Element> {
    retry(when: { errors in errors.map { _ in () } })
  }

  /// Subscribes up to `maxAttemptCount` times in all; the last attempt's error is sent.
  ///
  /// ```
  /// --1--#             retry(2), each attempt the same
  /// --1----1--#
  /// ```
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    retry(when: { errors in
      errors.enumerated().flatMap { attempt, error -> Observable<Void> in
        attempt + 1 < maxAttemptCount ? .just(()) : .error(error)
      }
    })
  }

  /// Resubscribes, synchronously, each time the sequence that `notificationHandler` builds from
  /// the errors sends an element; its error or completion ends the result.
  ///
  /// A second form, as in RxSwift, takes a handler over one error type (`Observable<MyError>`):
  /// it retries errors of that type only, and an error of another type ends the result at once.
  public func retry<Trigger: ObservableConvertibleType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> Trigger
  ) -> Observable<Element> {
    retry(matching: { $0 }, when: notificationHandler)
  }

  /// Like `retry(when:)`, for errors of type `Failure` only: an error of another type ends the
  /// result at once, without reaching the notifier.
  ///
  /// Hidden from the documentation so that links to `retry(when:)` stay unambiguous; the form
  /// over `Observable<Swift.Error>` describes it.
  @_documentation(visibility: internal)
  public func retry<Failure: Swift.Error, Trigger: ObservableConvertibleType>(
    when notificationHandler: @escaping (Observable<Failure>) -> Trigger
  ) -> Observable<Element> {
    retry(matching: { $0 as? Failure }, when: notificationHandler)
  }

  private func retry<Failure, Trigger: ObservableConvertibleType>(
    matching: @escaping (Swift.Error) -> Failure?,
    when notificationHandler: @escaping (Observable<Failure>) -> Trigger
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      let errors = PublishSubject<Failure>()
      let attempt = SerialDisposable()
      let lock = RecursiveLock.make()
      var resubscribe: (() -> Void)!
      resubscribe = {
        attempt.replace {
          source.subscribe { event in
            lock.withLock {
              if case .error(let error) = event, let failure = matching(error) {
                errors.onNext(failure)
              } else {
                observer.on(event)
              }
            }
          }
        }
      }
      let triggers = notificationHandler(errors.asObservable()).asObservable().subscribe { event in
        switch event {
        case .next:
          // On the trampoline: a source that fails synchronously is retried in a loop, not by
          // nesting each attempt inside the previous one's failure.
          _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            resubscribe?()
            return Disposables.create()
          }
        case .error(let error): lock.withLock { observer.onError(error) }
        case .completed: lock.withLock { observer.onCompleted() }
        }
      }
      resubscribe()
      return Disposables.create(attempt, triggers, Disposables.create { resubscribe = nil })
    }
  }
}
