extension ObservableType {
  /// For each subscription, shares one subscription to this sequence through a fresh subject from
  /// `subjectSelector`, within the sequence that `selector` builds from it.
  ///
  /// `selector` may subscribe to its argument as often as it likes: the source runs once per
  /// subscription to the result, connected right after the result of `selector` is subscribed. An
  /// error thrown by either closure is sent to the subscriber.
  ///
  /// ```swift
  /// source.multicast({ PublishSubject<Int>() }, selector: { shared in
  ///   Observable.zip(shared, shared.skip(1)) { ($0, $1) }
  /// })
  /// ```
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping @isolated(any) () throws -> Subject,
    selector: @escaping @isolated(any) (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    let name: StaticString = "multicast(_:selector:)"
    let subjectSelector =
      Isolation.checked(subjectSelector, name)
    let selector = Isolation.checked(selector, name)
    let source = asObservable()
    return Observable.create { observer in
      do {
        let connectable = source.multicast(try subjectSelector())
        let subscription = try selector(connectable.asObservable()).subscribe(observer)
        return Disposables.create(subscription, connectable.connect())
      } catch {
        observer.on(.error(error))
        return Disposables.create()
      }
    }
  }
}
