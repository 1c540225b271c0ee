extension ObservableType {
  /// Sends `elements` first, synchronously on subscribe, then the sequence's own events.
  ///
  /// ```
  /// -----1--2--|   startWith(0)
  /// 0----1--2--|
  /// ```
  public func startWith(_ elements: Element...) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      for element in elements { observer.onNext(element) }
      return source.subscribe(observer)
    }
  }
}
