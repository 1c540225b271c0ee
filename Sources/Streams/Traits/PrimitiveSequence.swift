/// An observable sequence with a narrower contract, named by its `Trait`: ``Single``, ``Maybe`` or
/// ``Completable``.
///
/// A trait wraps an ``Observable`` whose events obey the trait's grammar; it exists so the type
/// system says "exactly one element, or an error" (and so on) where a plain Observable cannot.
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
  /// The trait as a plain observable sequence.
  public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequence {
  /// A trait sequence that calls `factory` for each subscriber.
  ///
  /// An error thrown by `factory` is delivered to the subscriber.
  public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
  }

  /// A trait sequence that fails at once with `error`.
  public static func error(_ error: Swift.Error) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.error(error))
  }

  /// A trait sequence that never sends anything.
  public static func never() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.never())
  }

  /// Calls the given closures for side effects, without changing the sequence.
  ///
  /// See ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
  public func `do`(
    onError: ((Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.do(onError: onError, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
  }
}
