/// The trait of ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that produces exactly one element or an error, like an async function's result.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a ``Single``: `.success(element)` or `.failure(error)`.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension Result: TraitEvent where Failure == Swift.Error {
  /// A single that completes without an element fails with ``StreamsError/noElements``.
  init(first event: Event<Success>) {
    switch event {
    case .next(let element): self = .success(element)
    case .error(let error): self = .failure(error)
    case .completed: self = .failure(StreamsError.noElements)
    }
  }

  var result: Result<Success?, Swift.Error> { map { $0 } }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
  /// The callback a ``PrimitiveSequenceType/create(subscribe:isolation:file:line:)->Single<Self.Element>`` function reports its outcome to.
  public typealias SingleObserver = (SingleEvent<Element>) -> Void

  /// Creates a single from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public static func create(
    subscribe: @escaping (@escaping SingleObserver) -> Disposable, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Single<Element> {
    Single.create(reporting: subscribe, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with one callback for the outcome, called once.
  ///
  /// A single that completes without an element (a `retry(when:)` whose notifier completed, say)
  /// reports ``StreamsError/noElements``, where RxSwift stops in debug builds and stays silent in
  /// release builds.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    _ observer: @escaping (SingleEvent<Element>) -> Void, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    primitiveSequence.reportOutcome(to: observer, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with closures for success and failure; `onDisposed` runs once, right after the
  /// outcome's closure, or when the subscription is disposed first.
  ///
  /// A failure with no `onFailure` goes to ``Hooks/unhandledError``.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onFailure: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    primitiveSequence.subscribeOutcome(
      as: SingleEvent<Element>.self, onSuccess: onSuccess, onEmpty: nil, onError: onFailure, onDisposed: onDisposed,
      name: "subscribe(onSuccess:onFailure:onDisposed:)", isolation: isolation, file: file, line: line)
  }

  /// The old spelling of ``subscribe(onSuccess:onFailure:onDisposed:isolation:file:line:)``.
  @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
  public func subscribe(
    onSuccess: ((Element) -> Void)? = nil,
    onError: @escaping ((Swift.Error) -> Void),
    onDisposed: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    subscribe(
      onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, isolation: isolation, file: file, line: line)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly); once it is
  /// gone, none of them runs.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: ((Object, Element) -> Void)? = nil,
    onFailure: ((Object, Swift.Error) -> Void)? = nil,
    onDisposed: ((Object) -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object)
    return subscribe(
      onSuccess: callbacks.bind(onSuccess), onFailure: callbacks.bindIfPresent(onFailure),
      onDisposed: callbacks.bind(onDisposed), isolation: isolation, file: file, line: line)
  }

  /// Calls the closures for side effects, without changing the single; see
  /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:isolation:file:line:)``
  /// for their order.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func `do`(
    onSuccess: ((Element) throws -> Void)? = nil,
    afterSuccess: ((Element) throws -> Void)? = nil,
    onError: ((Swift.Error) throws -> Void)? = nil,
    afterError: ((Swift.Error) throws -> Void)? = nil,
    onSubscribe: (() -> Void)? = nil,
    onSubscribed: (() -> Void)? = nil,
    onDispose: (() -> Void)? = nil,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess,
        afterNext: afterSuccess,
        onError: onError,
        afterError: afterError,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose,
        isolation: isolation, file: file, line: line))
  }

  /// Continues with the maybe that `selector` returns for the element.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func flatMapMaybe<Result>(
    _ selector: @escaping (Element) throws -> Maybe<Result>, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Maybe<Result> {
    Maybe(
      raw: primitiveSequence.source.flatMap(
        (isolation == nil ? selector : Isolation.guarded(selector, "flatMapMaybe", isolation, file, line))))
  }

  /// Continues with the completable that `selector` returns for the element.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public func flatMapCompletable(
    _ selector: @escaping (Element) throws -> Completable, isolation: (any Actor)? = #isolation,
    file: StaticString = #file, line: UInt = #line
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.flatMap(
        (isolation == nil ? selector : Isolation.guarded(selector, "flatMapCompletable", isolation, file, line))))
  }

  /// Combines the elements of any number of singles with `resultSelector`, once all succeeded;
  /// fails at the first error. An empty collection succeeds with `resultSelector([])`.
  ///
  /// The closures keep the isolation of the caller (the contract article's "Isolation" section).
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result,
    isolation: (any Actor)? = #isolation, file: StaticString = #file, line: UInt = #line
  ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
    let resultSelector =
      (isolation == nil
        ? resultSelector : Isolation.guarded(resultSelector, "zip(_:resultSelector:)", isolation, file, line))
    if collection.isEmpty {
      return .deferred { PrimitiveSequence(raw: .just(try resultSelector([]))) }
    }
    return PrimitiveSequence(raw: Observable.zip(collection.map(\.source), resultSelector: resultSelector))
  }

  /// Collects the elements of any number of singles into an array, once all succeeded; fails at the
  /// first error. An empty collection succeeds with `[]`.
  public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<Trait, [Element]>
  where Collection.Element == PrimitiveSequence<Trait, Element> {
    if collection.isEmpty {
      return PrimitiveSequence(raw: .just([]))
    }
    return PrimitiveSequence(raw: Observable.zip(collection.map(\.source), resultSelector: { $0 }))
  }

  /// The single as a ``Maybe`` (which then never completes empty).
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source)
  }

  /// The single as a ``Completable`` that ignores the element.
  public func asCompletable() -> Completable {
    primitiveSequence.source.ignoreElements().asCompletable()
  }
}
