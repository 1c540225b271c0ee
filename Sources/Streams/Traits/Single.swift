/// The trait of ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one element or an error, like an async function's result.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a ``Single``: `.success(element)` or `.failure(error)`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// The callback a ``PrimitiveSequenceType/create(subscribe:)->Single<Self.Element>`` function reports its outcome to.
  public typealias SingleObserver = (SingleEvent<Element>) -> Void

  /// Creates a single from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
    Single(
      raw: Observable.create { observer in
        subscribe { outcome in
          switch outcome {
          case .success(let element):
            observer.onNext(element)
            observer.onCompleted()
          case .failure(let error):
            observer.onError(error)
          }
        }
      })
  }

  /// A single that succeeds at once with `element`.
  public static func just(_ element: Element) -> Single<Element> {
    Single(raw: Observable.just(element))
  }

  /// A single that succeeds with `element` on `scheduler`.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
    Single(raw: Observable.just(element, scheduler: scheduler))
  }

  /// Subscribes with one callback for the outcome.
  public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
    primitiveSequence.source.subscribe { event in
      switch event {
      case .next(let element): observer(.success(element))
      case .error(let error): observer(.failure(error))
      case .completed: break
      }
    }
  }

  /// Subscribes with closures for success and failure; `onDisposed` runs exactly once.
  ///
  /// A failure with no `onFailure` goes to ``Hooks/unhandledError``.
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onFailure: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly).
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onFailure: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribe(with: object, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
  }

  /// Transforms the element; an error thrown by `transform` fails the single.
  public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
    Single(raw: primitiveSequence.source.map(transform))
  }

  /// Continues with the single that `selector` returns for the element.
  public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
    Single(raw: primitiveSequence.source.continueWith { try selector($0).asObservable() })
  }

  /// Continues with the maybe that `selector` returns for the element.
  public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
    Maybe(raw: primitiveSequence.source.continueWith { try selector($0).asObservable() })
  }

  /// Continues with the completable that `selector` returns for the element.
  public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
    Completable(raw: primitiveSequence.source.continueWith { try selector($0).asObservable() })
  }

  /// Calls the given closures for side effects, without changing the single.
  public func `do`(
    onSuccess: ((Element) throws -> Void)? = nil,
    afterSuccess: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess, afterNext: afterSuccess, onError: onError, onSubscribe: onSubscribe,
        onDispose: onDispose))
  }

  /// The single as a ``Maybe``.
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source)
  }

  /// The single as a ``Completable`` that ignores the element.
  public func asCompletable() -> Completable {
    primitiveSequence.source.asCompletable()
  }

  /// Succeeds with both elements once both singles succeeded; fails with the first error.
  public static func zip<First, Second>(_ first: Single<First>, _ second: Single<Second>) -> Single<Element>
  where Element == (First, Second) {
    Single(raw: SingleZip(first.asObservable(), second.asObservable()))
  }
}

extension ObservableType {
  /// The sequence as a ``Single``: its one element, or ``StreamsError/noElements`` when it
  /// completes empty, or ``StreamsError/moreThanOneElement`` at a second element.
  public func asSingle() -> Single<Element> {
    Single(raw: AtMostOne(source: asObservable(), requiresElement: true))
  }
}
