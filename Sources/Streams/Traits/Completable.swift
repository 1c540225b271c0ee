/// The trait of ``Completable``: no elements, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails, like an async function returning `Void`.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The outcome of a ``Completable``.
public enum CompletableEvent: Sendable {
  /// The completable failed.
  case error(Swift.Error)
  /// The completable finished.
  case completed
}

extension CompletableEvent: TraitEvent {
  init(first event: Event<Swift.Never>) {
    switch event {
    case .next(let never): switch never {}
    case .error(let error): self = .error(error)
    case .completed: self = .completed
    }
  }

  var result: Result<Swift.Never?, Swift.Error> {
    switch self {
    case .error(let error): .failure(error)
    case .completed: .success(nil)
    }
  }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// The callback a `Completable.create(subscribe:)` function reports its outcome to.
  public typealias CompletableObserver = (CompletableEvent) -> Void

  /// Creates a completable from a function called for each subscriber; the first outcome it
  /// reports wins, later ones are ignored.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create(
    subscribe: @escaping @isolated(any) (@escaping CompletableObserver) -> Disposable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence.create(reporting: subscribe)
  }

  /// Subscribes with one callback for the outcome, called once.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    _ observer: @escaping @isolated(any) (CompletableEvent) -> Void
  ) -> Disposable {
    primitiveSequence.reportOutcome(to: observer, reportedAs: "subscribe(_:)")
  }

  /// Subscribes with closures for completion and failure; `onDisposed` runs once, right after the
  /// outcome's closure, or when the subscription is disposed first.
  ///
  /// A failure with no `onError` goes to ``Hooks/unhandledError``.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    onCompleted: (@isolated(any) () -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.subscribeOutcome(
      as: CompletableEvent.self, onSuccess: nil, onEmpty: onCompleted, onError: onError, onDisposed: onDisposed,
      name: "subscribe(onCompleted:onError:onDisposed:)")
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly); once it is
  /// gone, none of them runs.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onCompleted: (@isolated(any) (Object) -> Void)? = nil,
    onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
    onDisposed: (@isolated(any) (Object) -> Void)? = nil
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object, reportedAs: "subscribe(with:onCompleted:onError:onDisposed:)")
    return subscribe(
      onCompleted: callbacks.bind(onCompleted), onError: callbacks.bindIfPresent(onError),
      onDisposed: callbacks.bind(onDisposed))
  }

  /// A completable that completes at once.
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }

  /// Calls the closures for side effects, without changing the completable; see
  /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
  /// for their order.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `do`(
    onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    onCompleted: (@isolated(any) () throws -> Void)? = nil,
    afterCompleted: (@isolated(any) () throws -> Void)? = nil,
    onSubscribe: (@isolated(any) () -> Void)? = nil,
    onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> Completable {
    Completable(
      raw: primitiveSequence.source.do(
        onError: onError,
        afterError: afterError,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Runs `second` after this completable completes; an error skips it.
  public func concat(_ second: Completable) -> Completable {
    Completable.concat(primitiveSequence, second)
  }

  /// Runs the completables one after another, each once the previous one completed; the first
  /// error ends the result.
  ///
  /// The sequence is read when the result is subscribed, all at once (RxSwift reads it one
  /// completable at a time).
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
  where Sequence.Element == Completable {
    Completable(raw: Observable.deferred { Observable.concat(sequence.map { $0.source }) })
  }

  /// Runs the completables one after another, each once the previous one completed; the first
  /// error ends the result.
  public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.concat(collection.map { $0.source }))
  }

  /// Runs the completables one after another, each once the previous one completed; the first
  /// error ends the result.
  public static func concat(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.concat(sources.map { $0.source }))
  }

  /// Runs the completables at the same time; completes when all completed, fails at the first
  /// error. (For completables, `zip` is `merge`.)
  public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the completables at the same time; completes when all completed, fails at the first
  /// error.
  public static func zip(_ sources: [Completable]) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.source }))
  }

  /// Runs the completables at the same time; completes when all completed, fails at the first
  /// error.
  public static func zip(_ sources: Completable...) -> Completable {
    zip(sources)
  }

  /// The RxSwift 4 name of `zip(_:)`.
  @available(*, deprecated, renamed: "zip")
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    zip(sources)
  }

  /// The RxSwift 4 name of `zip(_:)`.
  @available(*, deprecated, renamed: "zip")
  public static func merge(_ sources: [Completable]) -> Completable {
    zip(sources)
  }

  /// The RxSwift 4 name of `zip(_:)`.
  @available(*, deprecated, renamed: "zip")
  public static func merge(_ sources: Completable...) -> Completable {
    zip(sources)
  }
}
