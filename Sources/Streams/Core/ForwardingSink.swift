/// A sink that forwards events unchanged and disposes upstream after a terminal event.
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
  // Unchecked: Sink family (see `Sink`): no state of its own.
  func on(_ event: Event<Observer.Element>) {
    forwardOn(event)
    if event.isStopEvent { dispose() }
  }
}
