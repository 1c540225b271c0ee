/// A resource that can be released: a subscription, a scheduled action, a running task.
///
/// `dispose()` is idempotent: the first call releases the resource and the closures it holds,
/// later calls do nothing.
///
/// Disposables are `Sendable`: disposing from another thread than the one that subscribed is what
/// they are for, so every disposable type must be safe to share (Streams' own types are). The
/// protocol is `@preconcurrency`: a type of your own conforms as it did with RxSwift, with no new
/// warning in the Swift 5 language mode; in Swift 6 mode the compiler warns until the type is
/// `Sendable` (a `final class` whose state is behind a lock, marked `@unchecked Sendable`).
@preconcurrency public protocol Disposable: Sendable {
  /// Releases the resource. Safe to call more than once and from any thread.
  func dispose()
}

/// A ``Disposable`` that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
  /// Whether ``Disposable/dispose()`` has been called.
  var isDisposed: Bool { get }
}
