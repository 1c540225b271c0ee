/// Checks that a sequence has at most one element (and, for a ``Single``, at least one).
final class AtMostOne<Element>: ElementOperator<Element, Element>, @unchecked Sendable {
  private let requiresElement: Bool

  init(source: Observable<Element>, requiresElement: Bool) {
    self.requiresElement = requiresElement
    super.init(source: source)
  }

  override func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> ElementSink<Element, Observer> where Observer.Element == Element
  {
    AtMostOneSink(requiresElement: requiresElement, observer: observer, cancel: cancel)
  }
}

final class AtMostOneSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
  private let requiresElement: Bool
  // Touched only by `on(_:)`, whose calls the Rx grammar serializes.
  private var element: Observer.Element?

  init(requiresElement: Bool, observer: Observer, cancel: Cancelable) {
    self.requiresElement = requiresElement
    super.init(observer: observer, cancel: cancel)
  }

  override func onNext(_ value: Observer.Element) {
    if element != nil {
      forwardOn(.error(StreamsError.moreThanOneElement))
      dispose()
    } else {
      element = value
    }
  }

  override func onTerminal(_ event: Event<Observer.Element>) {
    if case .completed = event {
      if let element {
        forwardOn(.next(element))
        forwardOn(.completed)
      } else {
        forwardOn(requiresElement ? .error(StreamsError.noElements) : .completed)
      }
    } else {
      forwardOn(event)
    }
    dispose()
  }
}
