/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, a newly set disposable is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `slot` is read and written only under `lock`.
  private let resource = ResourceToken()
  private let lock = Lock.make()
  private var slot = DisposableSlot()

  /// Creates an empty serial disposable.
  public init() {}

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool { lock.withLock { slot.isDisposed } }

  /// The current disposable; setting it disposes the previous one.
  public var disposable: Disposable {
    get { lock.withLock { slot.current } ?? Disposables.create() }
    set {
      let (previous, isDisposed) = lock.withLock { () -> (Disposable?, Bool) in
        if slot.isDisposed { return (nil, true) }
        defer { slot.current = newValue }
        return (slot.current, false)
      }
      previous?.dispose()
      if isDisposed { newValue.dispose() }
    }
  }

  /// Disposes the current disposable and every one set later.
  public func dispose() {
    lock.withLock { slot.dispose() }?.dispose()
  }
}
