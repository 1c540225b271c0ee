/// A ``PublishSubject`` that only ever sends elements: it cannot fail or complete.
///
/// It is `Sendable`, as its subject is: accept and subscribe from any thread or task.
public final class PublishRelay<Element>: ObservableType, SubjectRelay, @unchecked Sendable {
  // Unchecked: only a `let` of a subject, which is thread-safe.
  @usableFromInline let subject = PublishSubject<Element>()

  /// Creates a relay with no subscribers.
  public init() {}

  /// Sends `element` to the current subscribers.
  @inlinable public func accept(_ element: Element) { subject.onNext(element) }

  /// Whether the relay has at least one subscriber.
  public var hasObservers: Bool { subject.hasObservers }
}
