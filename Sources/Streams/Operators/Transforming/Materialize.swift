extension ObservableType {
  /// Turns every event, terminal ones included, into an element; then completes.
  ///
  /// ```
  /// --1--#   materialize()
  /// --next(1)--(error|)
  /// ```
  public func materialize() -> Observable<Event<Element>> {
    step(()) { _, event, downstream in
      downstream.next(event)
      if event.isStopEvent { downstream.completed() }
    }
  }
}

extension ObservableType where Element: EventConvertible {
  /// Turns elements that are events back into events: the reverse of ``materialize()``.
  public func dematerialize() -> Observable<Element.Element> {
    step(()) { _, event, downstream in
      switch event {
      case .next(let element): downstream.forward(element.event)
      case .error(let error): downstream.error(error)
      case .completed: downstream.completed()
      }
    }
  }
}

/// A type that represents an ``Event``; lets ``ObservableType/dematerialize()`` accept events.
public protocol EventConvertible<Element> {
  /// The element type of the event.
  associatedtype Element
  /// The event itself.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// Returns `self`.
  public var event: Event<Element> { self }
}
