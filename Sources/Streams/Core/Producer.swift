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
final class SinkDisposer: Cancelable, @unchecked Sendable {
  private let lock = Lock.make()
  private var sink: Disposable?
  private var subscription: Disposable?
  private var handedOver = false
  private var disposed = false

  var isDisposed: Bool { lock.withLock { disposed } }

  func set(sink: Disposable, subscription: Disposable) {
    let disposeNow = lock.withLock { () -> Bool in
      handedOver = true
      if disposed { return true }
      self.sink = sink
      self.subscription = subscription
      return false
    }
    if disposeNow {
      sink.dispose()
      subscription.dispose()
    }
  }

  func dispose() {
    let parts: (Disposable, Disposable)? = lock.withLock {
      if disposed { return nil }
      disposed = true
      guard handedOver, let sink, let subscription else { return nil }
      self.sink = nil
      self.subscription = nil
      return (sink, subscription)
    }
    guard let parts else { return }
    parts.0.dispose()
    parts.1.dispose()
  }
}
