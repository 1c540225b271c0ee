/// The base of every operator and factory: each subscription runs a fresh ``Sink``.
///
/// `subscribe` creates a ``SinkDisposer`` and calls `run`, which returns the sink and the
/// subscription to upstream. If the sink ended (a terminal event) while `run` was still going,
/// both are disposed as soon as they are handed over, which keeps the rule "every operator disposes
/// its upstream on a terminal event" even for synchronous sources.
///
/// The outermost subscribe on a thread runs inside a ``CurrentThreadScheduler`` trampoline, as in
/// RxSwift: work that a source schedules on the current thread waits until the whole chain is
/// subscribed, so a downstream `take(3)` can dispose an endless `repeatElement` source.
class Producer<Element>: Observable<Element>, @unchecked Sendable {
  // Unchecked: Observable family (see `Observable`): no stored state of its own.
  override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    CurrentThreadScheduler.trampolined { subscribeNow(observer) }
  }

  private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
  where Observer.Element == Element {
    let disposer = SinkDisposer()
    let (sink, subscription) = run(observer, cancel: disposer)
    disposer.set(sink: sink, subscription: subscription)
    return disposer
  }

  /// Starts one subscription. Subclasses override this.
  func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    preconditionFailure("Producer.run is abstract; \(type(of: self)) must override it")
  }
}

/// Owns a sink and its upstream subscription; disposes both once, however the two calls interleave.
///
/// Two flags in one atomic word decide who disposes: `set` hands the two over, `dispose` asks for
/// the end, and whichever of them finds the other's flag already set disposes both.
final class SinkDisposer: Cancelable, @unchecked Sendable {
  // Unchecked: `sink` and `subscription` are written by `set` and read by the one call that wins `flags`.
  private let resource = ResourceToken()
  private static let handedOver = 1
  private static let disposed = 2

  private let flags = SynchronizedBits()
  // Written by `set` before it sets `handedOver`, then read and cleared only by whichever call
  // disposes both: never by two threads at once.
  private var sink: Disposable?
  private var subscription: Disposable?

  var isDisposed: Bool { flags.value & Self.disposed != 0 }

  func set(sink: Disposable, subscription: Disposable) {
    // Disposed during `run` (a source that ended at once): that `dispose` found nothing handed
    // over, and flags only ever get set, so no other call touches the two.
    if isDisposed {
      sink.dispose()
      subscription.dispose()
      return
    }
    self.sink = sink
    self.subscription = subscription
    if flags.insert(Self.handedOver) & Self.disposed != 0 { disposeBoth() }
  }

  func dispose() {
    let previous = flags.insert(Self.disposed)
    if previous & Self.disposed == 0 && previous & Self.handedOver != 0 { disposeBoth() }
  }

  private func disposeBoth() {
    let (sink, subscription) = (self.sink, self.subscription)
    self.sink = nil
    self.subscription = nil
    sink?.dispose()
    subscription?.dispose()
  }
}
