/// How a sequence ended: the part of a terminal ``Event`` that does not depend on the element type.
///
/// Subjects keep their terminal event in this form, so that code which runs unspecialized (a
/// subject's deinit, the unsubscribe behind `dispose()`) stores and destroys it without looking
/// up generic metadata.
@usableFromInline
enum Termination {
  case completed
  case error(Swift.Error)

  /// The termination `event` carries, or `nil` for `.next`.
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
