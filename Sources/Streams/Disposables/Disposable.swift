/// A resource that can be released: a subscription, a scheduled action, a running task.
///
/// `dispose()` is idempotent: the first call releases the resource and the closures it holds,
/// later calls do nothing.
public protocol Disposable {
  /// Releases the resource. Safe to call more than once and from any thread.
  func dispose()
}

/// A ``Disposable`` that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
  /// Whether ``Disposable/dispose()`` has been called.
  var isDisposed: Bool { get }
}
