/// A disposable that only records whether it has been disposed.
public final class BooleanDisposable: Cancelable, @unchecked Sendable {
  /// A disposable that is already disposed.
  public static let disposed = BooleanDisposable(isDisposed: true)

  private let flag = AtomicFlag()

  /// Creates a disposable that is not yet disposed.
  public init() {}

  /// Creates a disposable, disposed already when `isDisposed` is `true`.
  public init(isDisposed: Bool) {
    if isDisposed { _ = flag.set() }
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { flag.isSet }

  /// Marks the disposable as disposed.
  public func dispose() { _ = flag.set() }
}
