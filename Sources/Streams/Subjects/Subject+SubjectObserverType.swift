// RxSwift's subjects name their observer face `SubjectObserverType`; each is its own observer.

extension PublishSubject {
  /// The subject's observer face: the subject itself (RxSwift's name).
  public typealias SubjectObserverType = PublishSubject<Element>
}

extension BehaviorSubject {
  /// The subject's observer face: the subject itself (RxSwift's name).
  public typealias SubjectObserverType = BehaviorSubject<Element>
}

extension ReplaySubject {
  /// The subject's observer face: the subject itself (RxSwift's name).
  public typealias SubjectObserverType = ReplaySubject<Element>
}

extension AsyncSubject {
  /// The subject's observer face: the subject itself (RxSwift's name).
  public typealias SubjectObserverType = AsyncSubject<Element>
}
