/// A trait's outcome type (``SingleEvent``, ``MaybeEvent``, ``CompletableEvent``) and how it maps
/// to the events of the trait's observable, so that the traits' `create(subscribe:)`,
/// `subscribe(_:)` and `subscribe(on…:onDisposed:)` are written once, over it.
protocol TraitEvent {
  associatedtype Element

  /// The outcome that the first event of the trait's observable means.
  init(first event: Event<Element>)

  /// The outcome as an element, no element (completed empty), or an error.
  var result: Result<Element?, Swift.Error> { get }
}

extension PrimitiveSequence {
  /// A trait from a function called for each subscriber, which reports its outcome: an element is
  /// sent followed by a completion; the first outcome wins, later ones are ignored. The traits'
  /// `create(subscribe:)`: `subscribe` is guarded for `isolation` under that name.
  static func create<Outcome: TraitEvent>(
    reporting subscribe: @escaping (@escaping (Outcome) -> Void) -> Disposable, isolation: (any Actor)?,
    file: StaticString, line: UInt
  ) -> PrimitiveSequence where Outcome.Element == Element {
    let subscribe =
      (isolation == nil ? subscribe : Isolation.guarded(subscribe, "create(subscribe:)", isolation, file, line))
    return PrimitiveSequence(
      raw: Observable.create { observer in
        subscribe { outcome in
          switch outcome.result {
          case .success(let element?):
            observer.onNext(element)
            observer.onCompleted()
          case .success(nil): observer.onCompleted()
          case .failure(let error): observer.onError(error)
          }
        }
      })
  }

  /// Subscribes `observer` to the outcome, reported once: an element without the completion that
  /// follows it.
  func reportOutcome<Outcome: TraitEvent>(to observer: @escaping (Outcome) -> Void) -> Disposable
  where Outcome.Element == Element {
    source.subscribeOutcome { observer(Outcome(first: $0)) }
  }

  /// The traits' `subscribe(_:)`: ``reportOutcome(to:)`` with `observer` guarded for `isolation`
  /// under that name.
  func reportOutcome<Outcome: TraitEvent>(
    to observer: @escaping (Outcome) -> Void, isolation: (any Actor)?, file: StaticString, line: UInt
  ) -> Disposable where Outcome.Element == Element {
    reportOutcome(
      to: (isolation == nil ? observer : Isolation.guarded(observer, "subscribe(_:)", isolation, file, line)))
  }

  /// Subscribes with a closure for each way the outcome of type `Outcome` can end (a `nil` closure
  /// does nothing, but an error with no `onError` goes to ``Hooks/unhandledError``); `onDisposed`
  /// runs once, right after the outcome's closure, or when the subscription is disposed first.
  ///
  /// The traits' `subscribe(on…:onDisposed:)`, named `name`: each closure is guarded for
  /// `isolation` under that name.
  func subscribeOutcome<Outcome: TraitEvent>(
    as _: Outcome.Type, onSuccess: ((Element) -> Void)?, onEmpty: (() -> Void)?, onError: ((Swift.Error) -> Void)?,
    onDisposed: (() -> Void)?, name: StaticString, isolation: (any Actor)?, file: StaticString, line: UInt
  ) -> Disposable where Outcome.Element == Element {
    let onSuccess = (isolation == nil ? onSuccess : Isolation.guarded(onSuccess, name, isolation, file, line))
    let onEmpty = (isolation == nil ? onEmpty : Isolation.guarded(onEmpty, name, isolation, file, line))
    let onError = (isolation == nil ? onError : Isolation.guarded(onError, name, isolation, file, line))
    let onDisposed = (isolation == nil ? onDisposed : Isolation.guarded(onDisposed, name, isolation, file, line))
    let outcome = TraitOutcome(onError: onError, onDisposed: onDisposed)
    return outcome.attach(
      reportOutcome { (event: Outcome) in
        switch event.result {
        case .success(let element?): outcome.finish { onSuccess?(element) }
        case .success(nil): outcome.finish(onEmpty)
        case .failure(let error): outcome.fail(error)
        }
      })
  }
}
