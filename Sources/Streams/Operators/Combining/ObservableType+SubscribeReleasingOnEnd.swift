extension ObservableType {
  /// Subscribes `handler`, and disposes the subscription on its terminal event before `handler`
  /// receives that event: a source of the fixed-arity `zip` and `combineLatest` is released as it
  /// ends, before the result's own terminal event, as RxSwift's `ZipObserver` and
  /// `CombineLatestObserver` do.
  func subscribeReleasingOnEnd(_ handler: @escaping (Event<Element>) -> Void) -> Disposable {
    let subscription = SingleAssignmentDisposable()
    subscription.setDisposable(
      subscribe { event in
        if event.isStopEvent { subscription.dispose() }
        handler(event)
      })
    return subscription
  }
}
