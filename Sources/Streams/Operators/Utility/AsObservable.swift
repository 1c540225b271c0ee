extension ObservableType {
  /// Wraps this sequence in a plain ``Observable``.
  ///
  /// `Observable` and its subclasses (subjects) return themselves, as in RxSwift; other
  /// `ObservableType`s get a wrapper that forwards each subscription.
  public func asObservable() -> Observable<Element> {
    Observable.create { observer in self.subscribe(observer) }
  }
}
