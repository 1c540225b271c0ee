/// A sequence that is also an observer: what it receives, it sends to its subscribers.
public protocol SubjectType<Element>: ObservableType {
  /// The observer face of the subject.
  associatedtype Observer: ObserverType

  /// Returns the observer face of the subject.
  func asObserver() -> Observer
}
