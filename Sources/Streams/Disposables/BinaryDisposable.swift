/// Disposes two disposables once, then releases them.
final class BinaryDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `first` and `second` are written only by the one thread that wins `disposed`.
  private let resource = ResourceToken()
  private let disposed = OnceFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var first: Disposable?
  private var second: Disposable?

  init(_ first: Disposable, _ second: Disposable) {
    self.first = first
    self.second = second
  }

  var isDisposed: Bool { disposed.isSet }

  func dispose() {
    guard disposed.set() else { return }
    let (first, second) = (self.first, self.second)
    self.first = nil
    self.second = nil
    first?.dispose()
    second?.dispose()
  }
}
