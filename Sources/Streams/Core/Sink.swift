/// The per-subscription state of an operator: forwards events downstream until disposed.
///
/// Subclasses call ``forwardOn(_:)`` for each event and ``dispose()`` after a terminal event, which
/// disposes the upstream subscription in the same tick.
class Sink<Observer: ObserverType>: Disposable, @unchecked Sendable {
  final let observer: Observer
  final let cancel: Cancelable
  private let disposed = AtomicFlag()

  init(observer: Observer, cancel: Cancelable) {
    self.observer = observer
    self.cancel = cancel
  }

  /// Sends `event` downstream unless the subscription was disposed.
  @inline(__always)
  final func forwardOn(_ event: Event<Observer.Element>) {
    if disposed.isSet { return }
    observer.on(event)
  }

  /// Whether the subscription was disposed.
  final var isDisposed: Bool { disposed.isSet }

  /// Stops forwarding and disposes upstream (once).
  func dispose() {
    if disposed.set() { cancel.dispose() }
  }
}
