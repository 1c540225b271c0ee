extension DisposeBag {
  /// RxSwift's nested name for ``DisposableBuilder``, so `@DisposeBag.DisposableBuilder` compiles.
  public typealias DisposableBuilder = Streams.DisposableBuilder
}
