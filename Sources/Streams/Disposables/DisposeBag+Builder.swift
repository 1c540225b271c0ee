extension DisposeBag {
  /// RxSwift's spelling of ``DisposableBuilder``, nested in `DisposeBag` as RxSwift declares it:
  /// `@DisposeBag.DisposableBuilder`.
  public typealias DisposableBuilder = Streams.DisposableBuilder
}
