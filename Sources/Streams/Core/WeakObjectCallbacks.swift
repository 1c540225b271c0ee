/// The closures of a `subscribe(with:…)` form: each receives `object` while it is alive and does
/// nothing once it is gone. `object` is held weakly, so the subscription does not keep it alive.
struct WeakObjectCallbacks<Object: AnyObject> {
  private weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }

  /// A closure that calls `callback` with the object, if both are there.
  func bind(_ callback: ((Object) -> Void)?) -> () -> Void {
    { if let object = self.object { callback?(object) } }
  }

  /// A closure that calls `callback` with the object and its argument, if both are there.
  func bind<Value>(_ callback: ((Object, Value) -> Void)?) -> (Value) -> Void {
    { value in if let object = self.object { callback?(object, value) } }
  }

  /// Like `bind(_:)`, but no closure for no callback: an error with no
  /// handler must still reach ``Hooks/unhandledError``.
  func bindIfPresent<Value>(_ callback: ((Object, Value) -> Void)?) -> ((Value) -> Void)? {
    callback.map { bind($0) }
  }
}
