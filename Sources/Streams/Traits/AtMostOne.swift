/// Checks that a sequence has at most one element (and, for a ``Single``, at least one).
final class AtMostOne<Element>: Producer<Element>, @unchecked Sendable {
  private let source: Observable<Element>
  private let requiresElement: Bool

  init(source: Observable<Element>, requiresElement: Bool) {
    self.source = source
    self.requiresElement = requiresElement
  }

  override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = AtMostOneSink(requiresElement: requiresElement, observer: observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

final class AtMostOneSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  private let requiresElement: Bool
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var element: Observer.Element?

  init(requiresElement: Bool, observer: Observer, cancel: Cancelable) {
    self.requiresElement = requiresElement
    super.init(observer: observer, cancel: cancel)
  }

  func on(_ event: Event<Observer.Element>) {
    switch event {
    case .next(let value):
      if element != nil {
        forwardOn(.error(StreamsError.moreThanOneElement))
        dispose()
      } else {
        element = value
      }
    case .error:
      forwardOn(event)
      dispose()
    case .completed:
      if let element {
        forwardOn(.next(element))
        forwardOn(.completed)
      } else {
        forwardOn(requiresElement ? .error(StreamsError.noElements) : .completed)
      }
      dispose()
    }
  }
}
