/// The stage of `asSingle` and `asMaybe`: checks that a sequence has at most one element (and, for a
/// ``Single``, at least one). Its state is the element, sent once the source completes.
struct AtMostOne<Element>: ElementStage {
  /// The element is sent unchanged.
  typealias Result = Element
  /// The element, once the source sent one.
  typealias State = Element?

  /// Whether completing without an element is an error (``Single``) rather than empty (``Maybe``).
  let requiresElement: Bool

  func makeState() -> State { nil }

  static func onNext<Observer>(_ element: Element, _ sink: ElementSink<Self, Observer>) {
    if sink.state != nil {
      sink.forwardErrorAndDispose(StreamsError.moreThanOneElement)
    } else {
      sink.state = element
    }
  }

  static func onTerminal<Observer>(_ event: Event<Element>, _ sink: ElementSink<Self, Observer>) {
    if case .completed = event {
      if let element = sink.state {
        sink.forwardOn(.next(element))
        sink.forwardOn(.completed)
      } else {
        sink.forwardOn(sink.stage.requiresElement ? .error(StreamsError.noElements) : .completed)
      }
    } else {
      sink.forwardOn(event)
    }
    sink.dispose()
  }
}
