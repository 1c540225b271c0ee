/// The shape `map`, `filter`, `compactMap` and the traits' `asSingle`/`asMaybe` share: an operator
/// on one source whose subscription is one ``ElementSink`` subscribed to it.
///
/// A subclass keeps its own parameters and makes its sink in ``makeSink(_:cancel:)``.
class ElementOperator<Source, Element>: Producer<Element>, @unchecked Sendable {
  final let source: Observable<Source>

  init(source: Observable<Source>) {
    self.source = source
  }

  /// The sink for one subscription. Subclasses override this.
  func makeSink<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> ElementSink<Source, Observer>
  where Observer.Element == Element {
    preconditionFailure("ElementOperator.makeSink is abstract; \(type(of: self)) must override it")
  }

  final override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable)
    -> (sink: Disposable, subscription: Disposable) where Observer.Element == Element
  {
    let sink = makeSink(observer, cancel: cancel)
    return (sink, source.subscribe(sink))
  }
}

/// The sink of an ``ElementOperator``: a terminal event is forwarded unchanged and disposes
/// upstream in the same tick (``onTerminal(_:)``, which a subclass may override); each element goes
/// to the subclass's ``onNext(_:)``, which sends with ``Sink/forwardNext(_:)`` and reports an error
/// its closure threw with ``Sink/forwardErrorAndDispose(_:)``.
class ElementSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  /// Handles one element. Subclasses override this.
  func onNext(_ element: Source) {
    preconditionFailure("ElementSink.onNext is abstract; \(type(of: self)) must override it")
  }

  /// Handles the error or completion (never `.next`): forwards it and disposes.
  func onTerminal(_ event: Event<Observer.Element>) {
    forwardOn(event)
    dispose()
  }

  final func on(_ event: Event<Source>) {
    switch event {
    case .next(let element): onNext(element)
    case .error(let error): onTerminal(.error(error))
    case .completed: onTerminal(.completed)
    }
  }
}
