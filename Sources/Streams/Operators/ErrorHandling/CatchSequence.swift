/// Subscribes to the sources an iterator yields, one after the other, moving on at each error:
/// `retry()`, `retry(_:)` and `catch(sequence:)`.
///
/// Each move to the next source passes an ``ActionGate``, so a source that fails while being
/// subscribed is followed by the next one in a loop rather than a nested call (RxSwift does the
/// same). When the iterator is exhausted, the result fails with the last error, or completes if
/// there was none.
final class CatchSequence<Element, Iterator: IteratorProtocol>: Producer<Element>, @unchecked Sendable
where Iterator.Element == Observable<Element> {
  // Unchecked: Observable family (see `Observable`): only `let`s.
  let makeIterator: () -> Iterator

  init(makeIterator: @escaping () -> Iterator) {
    self.makeIterator = makeIterator
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = CatchSequenceSink(iterator: makeIterator(), observer: observer, cancel: cancel)
    return (sink, sink.run())
  }
}

final class CatchSequenceSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, ObserverType,
  @unchecked Sendable
where Iterator.Element == Observable<Observer.Element> {
  // Unchecked: Sink family (see `Sink`): `iterator` and `lastError` are touched only inside `gate`.
  private let gate = ActionGate()
  private let subscription = SerialDisposable()
  // Only touched inside the gate.
  private var iterator: Iterator
  private var lastError: Swift.Error?

  init(iterator: Iterator, observer: Observer, cancel: Cancelable) {
    self.iterator = iterator
    super.init(observer: observer, cancel: cancel)
  }

  func run() -> Disposable {
    gate.invoke { self.moveNext() }
    return subscription
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next:
      forwardOn(event)
    case .error(let error):
      gate.invoke {
        self.lastError = error
        self.moveNext()
      }
    case .completed:
      forwardOn(event)
      dispose()
    }
  }

  private func moveNext() {
    if isDisposed { return }
    guard let next = iterator.next() else {
      if let lastError {
        forwardErrorAndDispose(lastError)
      } else {
        forwardOn(.completed)
        dispose()
      }
      return
    }
    let current = SingleAssignmentDisposable()
    subscription.disposable = current
    current.setDisposable(next.subscribe(self))
  }

  override func dispose() {
    super.dispose()
    subscription.dispose()
    gate.dispose()
  }
}
