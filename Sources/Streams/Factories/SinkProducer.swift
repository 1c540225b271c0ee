/// A producer whose every subscription is one closure: `start` receives a plain ``Sink`` to send
/// the events to (the sink drops what arrives after disposal) and returns the disposable of the
/// work it started, which disposing the subscription disposes.
///
/// For factories that need no sink of their own (`timer`, `generate`): the observer is type-erased,
/// so `start` need not be generic.
// Unchecked as every producer that stores the caller's closure (Map, Filter, …): `start` is set
// once and only read, and the factories that build it guard the closures they capture under the
// isolation contract at their public entry points (IsolationTests; the whole suite under TSan).
final class SinkProducer<Element>: Producer<Element>, @unchecked Sendable {
  private let start: (Sink<AnyObserver<Element>>) -> Disposable

  init(_ start: @escaping (Sink<AnyObserver<Element>>) -> Disposable) {
    self.start = start
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = Sink(observer: AnyObserver(observer), cancel: cancel)
    return (sink, start(sink))
  }
}
