/// The trait of ``Maybe``: at most one element, then completion; or an error.
public enum MaybeTrait {}

/// A sequence that produces one element, or completes empty, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a ``Maybe``.
public enum MaybeEvent<Element> {
  /// The maybe produced an element.
  case success(Element)
  /// The maybe failed.
  case error(Swift.Error)
  /// The maybe completed without an element.
  case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The callback a ``PrimitiveSequenceType/create(subscribe:)->Maybe<Self.Element>`` function reports its outcome to.
  public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

  /// Creates a maybe from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
    Maybe(
      raw: Observable.create { observer in
        subscribe { outcome in
          switch outcome {
          case .success(let element):
            observer.onNext(element)
            observer.onCompleted()
          case .error(let error): observer.onError(error)
          case .completed: observer.onCompleted()
          }
        }
      })
  }

  /// A maybe that succeeds at once with `element`.
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: Observable.just(element))
  }

  /// A maybe that completes at once, empty.
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// Subscribes with one callback for the outcome.
  public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
    // A maybe's element is followed by completion; report only the element in that case.
    let delivered = UncheckedBox(false)  // Serialized: events to one observer never overlap.
    return primitiveSequence.source.subscribe { event in
      switch event {
      case .next(let element):
        delivered.value = true
        observer(.success(element))
      case .error(let error): observer(.error(error))
      case .completed: if !delivered.value { observer(.completed) }
      }
    }
  }

  /// Subscribes with closures for each outcome; `onDisposed` runs exactly once.
  ///
  /// A failure with no `onError` goes to ``Hooks/unhandledError``.
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onCompleted: (() -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    let delivered = UncheckedBox(false)  // Serialized: events to one observer never overlap.
    return primitiveSequence.source.subscribe(
      onNext: { element in
        delivered.value = true
        onSuccess?(element)
      },
      onError: onError,
      onCompleted: { if !delivered.value { onCompleted?() } },
      onDisposed: onDisposed)
  }

  /// Transforms the element; an error thrown by `transform` fails the maybe.
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.map(transform))
  }

  /// Continues with the maybe that `selector` returns for the element.
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.continueWith { try selector($0).asObservable() })
  }

  /// The maybe as a ``Completable`` that ignores the element.
  public func asCompletable() -> Completable {
    primitiveSequence.source.asCompletable()
  }

}

extension ObservableType {
  /// The sequence as a ``Maybe``: its element if it has one, empty completion if none, or
  /// ``StreamsError/moreThanOneElement`` at a second element.
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: AtMostOne(source: asObservable(), requiresElement: false))
  }
}
