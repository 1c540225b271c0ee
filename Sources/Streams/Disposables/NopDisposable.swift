/// A disposable with nothing to release.
struct NopDisposable: Disposable, Sendable {
  static let instance = NopDisposable()

  func dispose() {}
}
