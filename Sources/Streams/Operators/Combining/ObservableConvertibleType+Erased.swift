extension ObservableConvertibleType {
  /// This source with its elements as `Any`.
  ///
  /// Sources of different element types travel in one array through the shared bodies of the
  /// fixed-arity and parameter-pack forms of `combineLatest` and `zip` (and the trait `zip`s); each
  /// form casts the elements back to the static types its signature guarantees.
  var erased: Observable<Any> { asObservable().map { $0 as Any } }
}
