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

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
  /// The callback a ``PrimitiveSequenceType/create(subscribe:)->Completable`` function reports its outcome to.
  public typealias CompletableObserver = (CompletableEvent) -> Void

  /// Creates a completable from a function called for each subscriber; the first outcome it
  /// reports wins, later ones are ignored.
  public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
    Completable(
      raw: Observable.create { observer in
        subscribe { outcome in
          switch outcome {
          case .error(let error): observer.onError(error)
          case .completed: observer.onCompleted()
          }
        }
      })
  }

  /// A completable that completes at once.
  public static func empty() -> Completable {
    Completable(raw: Observable.empty())
  }

  /// Subscribes with one callback for the outcome.
  public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
    primitiveSequence.source.subscribe { event in
      switch event {
      case .error(let error): observer(.error(error))
      case .completed: observer(.completed)
      }
    }
  }

  /// Subscribes with closures for completion and failure; `onDisposed` runs exactly once.
  ///
  /// A failure with no `onError` goes to ``Hooks/unhandledError``.
  public func subscribe(
    onCompleted: (() -> Void)? = nil,
    onError: ((Swift.Error) -> Void)? = nil,
    onDisposed: (() -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Runs `next` after this completable completes; an error skips it.
  public func andThen<Element>(_ next: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.thenSubscribe(next.asObservable()))
  }

  /// Runs `next` after this completable completes; an error skips it.
  public func andThen<Element>(_ next: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.thenSubscribe(next.asObservable()))
  }

  /// Runs `next` after this completable completes; an error skips it.
  public func andThen(_ next: Completable) -> Completable {
    Completable(raw: primitiveSequence.source.thenSubscribe(next.asObservable()))
  }

  /// Runs `next` after this completable completes; an error skips it.
  public func andThen<Element>(_ next: Observable<Element>) -> Observable<Element> {
    primitiveSequence.source.thenSubscribe(next)
  }
}

extension ObservableType {
  /// The sequence as a ``Completable``: its elements are ignored, its end is kept.
  public func asCompletable() -> Completable {
    Completable(raw: compactMap { _ -> Swift.Never? in nil })
  }
}
