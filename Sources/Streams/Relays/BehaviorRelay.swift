/// A ``BehaviorSubject`` that only ever sends elements: it cannot fail or complete, so its
/// ``value`` never throws.
///
/// It is `Sendable`, as its subject is: accept, read and subscribe from any thread or task.
public final class BehaviorRelay<Element>: ObservableType, SubjectRelay, @unchecked Sendable {
  // Unchecked: only a `let` of a subject, which is thread-safe.
  @usableFromInline let subject: BehaviorSubject<Element>

  /// Creates a relay whose current value is `value`.
  public init(value: Element) {
    subject = BehaviorSubject(value: value)
  }

  /// The current value.
  public var value: Element { subject.currentValue }

  /// Makes `element` the current value and sends it to the subscribers.
  @inlinable public func accept(_ element: Element) { subject.onNext(element) }

  /// Whether the relay has at least one subscriber.
  public var hasObservers: Bool { subject.hasObservers }
}
