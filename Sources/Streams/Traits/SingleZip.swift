/// Pairs the elements of two single-element sequences; the first error wins.
final class SingleZip<First, Second>: Producer<(First, Second)>, @unchecked Sendable {
  private let first: Observable<First>
  private let second: Observable<Second>

  init(_ first: Observable<First>, _ second: Observable<Second>) {
    self.first = first
    self.second = second
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == (First, Second)
  {
    let sink = SingleZipSink<First, Second, Observer>(observer: observer, cancel: cancel)
    let subscriptions = CompositeDisposable()
    _ = subscriptions.insert(first.subscribe { sink.receive(first: $0) })
    _ = subscriptions.insert(second.subscribe { sink.receive(second: $0) })
    return (sink, subscriptions)
  }
}

final class SingleZipSink<First, Second, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Observer.Element == (First, Second) {
  private let lock = Lock.make()
  private var first: First?
  private var second: Second?
  private var ended = false

  private enum Outcome {
    case none
    case pair(First, Second)
    case fail(Swift.Error)
  }

  func receive(first event: Event<First>) {
    receive(event) { self.first = $0 }
  }

  func receive(second event: Event<Second>) {
    receive(event) { self.second = $0 }
  }

  /// Stores an element or ends the pair. The two sources may call from different threads, so
  /// state changes under the lock, and the outcome is delivered once, after unlocking.
  private func receive<Value>(_ event: Event<Value>, store: (Value) -> Void) {
    let outcome: Outcome = lock.withLock {
      guard !ended else { return .none }
      switch event {
      case .next(let value):
        store(value)
        guard let first, let second else { return .none }
        ended = true
        return .pair(first, second)
      case .error(let error):
        ended = true
        return .fail(error)
      case .completed:
        return .none
      }
    }
    switch outcome {
    case .none: break
    case .pair(let first, let second):
      forwardOn(.next((first, second)))
      forwardOn(.completed)
      dispose()
    case .fail(let error):
      forwardOn(.error(error))
      dispose()
    }
  }
}
