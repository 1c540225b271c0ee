/// The closures of a `subscribe(with:…)` form: each receives `object` while it is alive and does
/// nothing once it is gone. `object` is held weakly, so the subscription does not keep it alive.
/// Each callback is checked for its isolation under the form's name (`Isolation.checked`).
struct WeakObjectCallbacks<Object: AnyObject> {
  private weak var object: Object?
  private let name: StaticString

  init(_ object: Object, reportedAs name: StaticString) {
    self.object = object
    self.name = name
  }

  /// A closure that calls `callback` with the object, if both are there.
  func bind(_ callback: (@isolated(any) (Object) -> Void)?) -> () -> Void {
    let callback = Isolation.checked(callback, name)
    return { if let object = self.object { callback?(object) } }
  }

  /// A closure that calls `callback` with the object and its argument, if both are there.
  func bind<Value>(_ callback: (@isolated(any) (Object, Value) -> Void)?) -> (Value) -> Void {
    let callback = Isolation.checked(callback, name)
    return { value in if let object = self.object { callback?(object, value) } }
  }

  /// Like `bind(_:)`, but no closure for no callback: an error with no
  /// handler must still reach ``Hooks/unhandledError``.
  func bindIfPresent<Value>(_ callback: (@isolated(any) (Object, Value) -> Void)?) -> ((Value) -> Void)? {
    guard let callback else { return nil }
    return bind(callback)
  }
}
