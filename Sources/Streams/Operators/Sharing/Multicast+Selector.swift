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
  public func multicast<Subject: SubjectType, Result>(
    _ subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    MulticastSelector(
      source: asObservable(),
      subjectSelector: (isolation == nil
        ? subjectSelector : Isolation.guarded(subjectSelector, "multicast(_:selector:)", isolation, file, line)),
      selector: (isolation == nil
        ? selector : Isolation.guarded(selector, "multicast(_:selector:)", isolation, file, line)))
  }
}

final class MulticastSelector<Subject: SubjectType, Result>: Producer<Result>, @unchecked Sendable {
  private let source: Observable<Subject.Observer.Element>
  private let subjectSelector: () throws -> Subject
  private let selector: (Observable<Subject.Element>) throws -> Observable<Result>

  init(
    source: Observable<Subject.Observer.Element>, subjectSelector: @escaping () throws -> Subject,
    selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
  ) {
    self.source = source
    self.subjectSelector = subjectSelector
    self.selector = selector
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Result
  {
    let sink = ForwardingSink(observer: observer, cancel: cancel)
    do {
      let connectable = source.multicast(try subjectSelector())
      let subscription = try selector(connectable.asObservable()).subscribe(sink)
      return (sink, Disposables.create(subscription, connectable.connect()))
    } catch {
      sink.on(.error(error))
      return (sink, Disposables.create())
    }
  }
}
