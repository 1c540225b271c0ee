/// The state the holders of one disposable at a time share (``SerialDisposable``,
/// ``SingleAssignmentDisposable``): the disposable held, and whether the holder was disposed.
///
/// Not thread-safe: the holder keeps it under its lock and disposes what it hands back after
/// unlocking.
struct DisposableSlot {
  /// The disposable held now, if any.
  var current: Disposable?
  /// Whether the holder was disposed; nothing is held from then on.
  private(set) var isDisposed = false

  /// Marks the holder disposed and hands back what it held, to be disposed after unlocking; `nil`
  /// if it was disposed already or held nothing.
  mutating func dispose() -> Disposable? {
    if isDisposed { return nil }
    isDisposed = true
    defer { current = nil }
    return current
  }
}
