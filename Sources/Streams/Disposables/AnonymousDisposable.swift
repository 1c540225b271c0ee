/// Runs a closure on the first `dispose()` and releases it.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
  // Unchecked: `action` is written only by the one thread that wins `disposed`.
  private let resource = ResourceToken()
  private let disposed = OnceFlag()
  // Written only by the one thread that wins `disposed.set()`.
  private var action: (() -> Void)?

  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  var isDisposed: Bool { disposed.isSet }

  func dispose() {
    guard disposed.set() else { return }
    let action = self.action
    self.action = nil
    action?()
  }
}
