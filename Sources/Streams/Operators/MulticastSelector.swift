extension ObservableType {
  /// For each subscription, makes a subject with `subjectSelector`, shares this sequence through
  /// it to the sequence that `selector` builds, subscribes to that sequence, then connects.
  ///
  /// Each subscriber gets its own subject and its own subscription to this sequence; inside
  /// `selector`, every use of its argument shares that one subscription. An error thrown by either
  /// closure is sent to the subscriber at once.
  ///
  /// ```swift
  /// // Both branches share one subscription to `source`.
  /// let pairs = source.multicast({ PublishSubject<Int>() }) { shared in
  ///   Observable.zip(shared, shared.skip(1))
  /// }
  /// ```
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    let source = asObservable()
    return Observable.create { observer in
      do {
        let subject = try subjectSelector()
        let connectable = Multicast(source: source, makeSubject: { subject })
        let subscription = try selector(connectable.asObservable()).subscribe(observer)
        return Disposables.create(subscription, connectable.connect())
      } catch {
        observer.onError(error)
        return Disposables.create()
      }
    }
  }
}
