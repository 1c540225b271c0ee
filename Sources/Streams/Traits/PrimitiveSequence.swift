/// An observable sequence with a narrower contract, named by its `Trait`: ``Single``, ``Maybe`` or
/// ``Completable``.
///
/// A trait wraps an ``Observable`` whose events obey the trait's grammar; it exists so the type
/// system says "exactly one element, or an error" (and so on) where a plain Observable cannot.
/// Its operators are the Observable operators of the same name, applied to the wrapped sequence,
/// so they keep the same timing and subscription rules.
public struct PrimitiveSequence<Trait, Element>: Sendable {
  let source: Observable<Element>

  init(raw source: Observable<Element>) {
    self.source = source
  }
}

/// A type that is, or wraps, a ``PrimitiveSequence``.
public protocol PrimitiveSequenceType<Trait, Element> {
  /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
  associatedtype Trait
  /// The type of the element.
  associatedtype Element

  /// The underlying primitive sequence.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  /// Returns `self`.
  public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// The trait as a plain observable sequence, with the same events.
  public func asObservable() -> Observable<Element> { source }
}
