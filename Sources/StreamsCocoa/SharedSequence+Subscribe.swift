import Streams

extension SharedSequenceConvertibleType {
  /// The body of Driver's `drive(with:onNext:onCompleted:onDisposed:)` and Signal's
  /// `emit(with:onNext:onCompleted:onDisposed:)`: subscribes the main-actor closures, each run
  /// through `MainActorDelivery` under `name` (a call off the main actor is reported as that
  /// method's, at `file` and `line`).
  func subscribeOnMainActor<Object: AnyObject>(
    with object: Object, onNext: (@MainActor (Object, Element) -> Void)?, onCompleted: (@MainActor (Object) -> Void)?,
    onDisposed: (@MainActor (Object) -> Void)?, name: StaticString
  ) -> Disposable {
    asObservable().subscribe(
      with: object, onNext: MainActorDelivery.deliver(onNext, name),
      onCompleted: MainActorDelivery.deliver(onCompleted, name),
      onDisposed: MainActorDelivery.deliver(onDisposed, name))
  }

  /// The body of Driver's `drive(onNext:onCompleted:onDisposed:)` and Signal's
  /// `emit(onNext:onCompleted:onDisposed:)`: the same as the `with:` form, without an object.
  func subscribeOnMainActor(
    onNext: (@MainActor (Element) -> Void)?, onCompleted: (@MainActor () -> Void)?,
    onDisposed: (@MainActor () -> Void)?, name: StaticString
  ) -> Disposable {
    asObservable().subscribe(
      onNext: MainActorDelivery.deliver(onNext, name),
      onCompleted: MainActorDelivery.deliver(onCompleted, name),
      onDisposed: MainActorDelivery.deliver(onDisposed, name))
  }
}
