/// An observer built from a closure; it ignores everything after its first terminal event.
final class AnonymousObserver<Element>: ObserverType, @unchecked Sendable {
  private let stopped = AtomicFlag()
  private let handler: (Event<Element>) -> Void

  init(_ handler: @escaping (Event<Element>) -> Void) {
    self.handler = handler
  }

  func on(_ event: Event<Element>) {
    switch event {
    case .next:
      if stopped.isSet { return }
      handler(event)
    case .error, .completed:
      if stopped.set() { handler(event) }
    }
  }
}
