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
  /// The callback a ``PrimitiveSequenceType/create(subscribe:)->Single<Self.Element>`` function reports its outcome to.
  public typealias SingleObserver = (SingleEvent<Element>) -> Void

  /// Creates a single from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create(
    subscribe: @escaping @isolated(any) (@escaping SingleObserver) -> Disposable
  ) -> Single<Element> {
    Single.create(reporting: subscribe)
  }

  /// Subscribes with one callback for the outcome, called once.
  ///
  /// A single that completes without an element (a `retry(when:)` whose notifier completed, say)
  /// reports ``StreamsError/noElements``, where RxSwift stops in debug builds and stays silent in
  /// release builds.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    _ observer: @escaping @isolated(any) (SingleEvent<Element>) -> Void
  ) -> Disposable {
    primitiveSequence.reportOutcome(to: observer, reportedAs: "subscribe(_:)")
  }

  /// Subscribes with closures for success and failure; `onDisposed` runs once, right after the
  /// outcome's closure, or when the subscription is disposed first.
  ///
  /// A failure with no `onFailure` goes to ``Hooks/unhandledError``.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    onSuccess: (@isolated(any) (Element) -> Void)? = nil,
    onFailure: (@isolated(any) (Swift.Error) -> Void)? = nil,
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.subscribeOutcome(
      as: SingleEvent<Element>.self, onSuccess: onSuccess, onEmpty: nil, onError: onFailure, onDisposed: onDisposed,
      name: "subscribe(onSuccess:onFailure:onDisposed:)")
  }

  /// The old spelling of ``subscribe(onSuccess:onFailure:onDisposed:)``.
  @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
  public func subscribe(
    onSuccess: (@isolated(any) (Element) -> Void)? = nil,
    onError: @escaping @isolated(any) ((Swift.Error) -> Void),
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    subscribe(
      onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly); once it is
  /// gone, none of them runs.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: (@isolated(any) (Object, Element) -> Void)? = nil,
    onFailure: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
    onDisposed: (@isolated(any) (Object) -> Void)? = nil
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object, reportedAs: "subscribe(with:onSuccess:onFailure:onDisposed:)")
    return subscribe(
      onSuccess: callbacks.bind(onSuccess), onFailure: callbacks.bindIfPresent(onFailure),
      onDisposed: callbacks.bind(onDisposed))
  }

  /// Calls the closures for side effects, without changing the single; see
  /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
  /// for their order.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `do`(
    onSuccess: (@isolated(any) (Element) throws -> Void)? = nil,
    afterSuccess: (@isolated(any) (Element) throws -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    onSubscribe: (@isolated(any) () -> Void)? = nil,
    onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: primitiveSequence.source.do(
        onNext: onSuccess,
        afterNext: afterSuccess,
        onError: onError,
        afterError: afterError,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Continues with the maybe that `selector` returns for the element.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapMaybe<Result>(
    _ selector: @escaping @isolated(any) (Element) throws -> Maybe<Result>
  ) -> Maybe<Result> {
    Maybe(
      raw: primitiveSequence.source.flatMap(
        Isolation.checked(selector, "flatMapMaybe")))
  }

  /// Continues with the completable that `selector` returns for the element.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func flatMapCompletable(
    _ selector: @escaping @isolated(any) (Element) throws -> Completable
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.flatMap(
        Isolation.checked(selector, "flatMapCompletable")))
  }

  /// Combines the elements of any number of singles with `resultSelector`, once all succeeded;
  /// fails at the first error. An empty collection succeeds with `resultSelector([])`.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func zip<Collection: Swift.Collection, Result>(
    _ collection: Collection, resultSelector: @escaping @isolated(any) ([Element]) throws -> Result
  ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
    let resultSelector =
      Isolation.checked(resultSelector, "zip(_:resultSelector:)")
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
