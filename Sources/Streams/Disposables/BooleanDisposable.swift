/// A disposable that only records whether it has been disposed.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: only a `OnceFlag` and a `let`.
  /// A disposable that is already disposed.
  public static let disposed = BooleanDisposable(sharedDisposed: ())

  private let flag = OnceFlag()
  private let resource: ResourceToken

  /// Creates a disposable that is not yet disposed.
  public init() {
    resource = ResourceToken()
  }

  /// Creates a disposable, disposed already when `isDisposed` is `true`.
  public init(isDisposed: Bool) {
    resource = ResourceToken()
    if isDisposed { _ = flag.set() }
  }

  /// ``disposed``, which lives as long as the process and so is not counted in ``Resources``.
  private init(sharedDisposed: Void) {
    resource = ResourceToken(uncounted: ())
    _ = flag.set()
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { flag.isSet }

  /// Marks the disposable as disposed.
  public func dispose() { _ = flag.set() }
}
