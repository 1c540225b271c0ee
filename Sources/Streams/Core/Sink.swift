/// The per-subscription state of an operator: forwards events downstream until disposed.
///
/// Subclasses call ``forwardOn(_:)`` for each event and ``dispose()`` after a terminal event, which
/// disposes the upstream subscription in the same tick.
class Sink<Observer: ObserverType>: Disposable, @unchecked Sendable {
  // Unchecked, the rule of the Sink family (the subclasses that say "Sink family"): `observer` and
  // `cancel` are `let`s and `disposed` is a `OnceFlag`. A subclass's own mutable state is touched
  // only from its upstream's events, which the Rx grammar serializes (one `on` at a time), unless
  // the subclass names the lock or gate that guards it.
  private let resource = ResourceToken()
  final let observer: Observer
  final let cancel: Cancelable
  private let disposed = OnceFlag()

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

  /// Sends `.next(element)` downstream unless the subscription was disposed, without building an
  /// `Event` (see ``ObserverType/onNext(_:)``).
  @inline(__always)
  final func forwardNext(_ element: Observer.Element) {
    if disposed.isSet { return }
    observer.onNext(element)
  }

  /// Sends `.error(error)` downstream, then disposes. Out of line, so that an element's path through
  /// a sink that may fail does not set up an `Event` (a metadata lookup in generic code) per call.
  @inline(never)
  final func forwardErrorAndDispose(_ error: Swift.Error) {
    forwardOn(.error(error))
    dispose()
  }

  /// Whether the subscription was disposed.
  final var isDisposed: Bool { disposed.isSet }

  /// Stops forwarding and disposes upstream (once).
  func dispose() {
    if disposed.set() { cancel.dispose() }
  }
}
