/// A ``ReplaySubject`` that only ever sends elements: it cannot fail or complete.
public final class ReplayRelay<Element>: ObservableType, SubjectRelay, @unchecked Sendable {
  // Unchecked: only a `let` of a subject, which is thread-safe.
  @usableFromInline let subject: ReplaySubject<Element>

  private init(subject: ReplaySubject<Element>) {
    self.subject = subject
  }

  /// Creates a relay that replays the newest `bufferSize` elements.
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    ReplayRelay(subject: .create(bufferSize: bufferSize))
  }

  /// Creates a relay that replays every element it ever received.
  public static func createUnbounded() -> ReplayRelay<Element> {
    ReplayRelay(subject: .createUnbounded())
  }

  /// Records `element` and sends it to the subscribers.
  @inlinable public func accept(_ element: Element) { subject.onNext(element) }

  /// Whether the relay has at least one subscriber.
  public var hasObservers: Bool { subject.hasObservers }
}
