/// Disposes its underlying resource only when the primary and every retained handle are disposed.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: its `var`s are read and written only under `lock`.
  private let resource = ResourceToken()
  private let lock = Lock.make()
  private var underlying: Disposable?
  private var count = 0
  private var primaryDisposed = false

  /// Creates a reference-counted wrapper around `disposable`.
  public init(disposable: Disposable) {
    self.underlying = disposable
  }

  /// Whether the underlying resource has been disposed.
  public var isDisposed: Bool { lock.withLock { underlying == nil } }

  /// Returns a handle that keeps the resource alive until it, and the primary, are disposed.
  ///
  /// After the resource is disposed this returns a no-op disposable.
  public func retain() -> Disposable {
    let alive = lock.withLock { () -> Bool in
      guard underlying != nil else { return false }
      count += 1
      return true
    }
    return alive ? Disposables.create(with: { [self] in release() }) : Disposables.create()
  }

  /// Disposes the primary handle; the resource goes once no retained handle is left.
  public func dispose() {
    let toDispose: Disposable? = lock.withLock {
      guard !primaryDisposed, let underlying else { return nil }
      primaryDisposed = true
      guard count == 0 else { return nil }
      self.underlying = nil
      return underlying
    }
    toDispose?.dispose()
  }

  private func release() {
    let toDispose: Disposable? = lock.withLock {
      guard let underlying else { return nil }
      count -= 1
      guard count == 0, primaryDisposed else { return nil }
      self.underlying = nil
      return underlying
    }
    toDispose?.dispose()
  }
}
