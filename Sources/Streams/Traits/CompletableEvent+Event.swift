/// ``CompletableEvent`` is also how the subjects store the way they ended: it is the part of a
/// terminal ``Event`` that does not depend on the element type, so code that runs unspecialized
/// (a subject's deinit, the unsubscribe behind `dispose()`) stores and destroys it without looking
/// up generic metadata.
extension CompletableEvent {
  /// The ending `event` carries, or `nil` for `.next`.
  @inlinable
  init?<Element>(_ event: Event<Element>) {
    switch event {
    case .next: return nil
    case .error(let error): self = .error(error)
    case .completed: self = .completed
    }
  }

  /// The terminal event of a sequence of `Element`.
  @inlinable
  func event<Element>(of _: Element.Type = Element.self) -> Event<Element> {
    switch self {
    case .completed: return .completed
    case .error(let error): return .error(error)
    }
  }
}
