/// A type that can be turned into an ``Observable`` sequence.
public protocol ObservableConvertibleType<Element> {
  /// The type of the elements of the sequence.
  associatedtype Element

  /// Returns the observable sequence this value represents.
  func asObservable() -> Observable<Element>
}
