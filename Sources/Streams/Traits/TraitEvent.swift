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
  /// `create(subscribe:)`: `subscribe` is checked for its isolation under that name.
  static func create<Outcome: TraitEvent>(
    reporting subscribe: @escaping @isolated(any) (@escaping (Outcome) -> Void) -> Disposable
  ) -> PrimitiveSequence where Outcome.Element == Element {
    let subscribe =
      Isolation.checked(subscribe, "create(subscribe:)")
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

  /// The traits' `subscribe(_:)`: ``reportOutcome(to:)`` with `observer` checked for its isolation
  /// under `name`.
  func reportOutcome<Outcome: TraitEvent>(
    to observer: @escaping @isolated(any) (Outcome) -> Void, reportedAs name: StaticString
  ) -> Disposable where Outcome.Element == Element {
    reportOutcome(
      to: Isolation.checked(observer, name))
  }

  /// Subscribes with a closure for each way the outcome of type `Outcome` can end (a `nil` closure
  /// does nothing, but an error with no `onError` goes to ``Hooks/unhandledError``); `onDisposed`
  /// runs once, right after the outcome's closure, or when the subscription is disposed first.
  ///
  /// The traits' `subscribe(on…:onDisposed:)`, named `name`: each closure is checked for
  /// its isolation under that name.
  func subscribeOutcome<Outcome: TraitEvent>(
    as _: Outcome.Type, onSuccess: (@isolated(any) (Element) -> Void)?, onEmpty: (@isolated(any) () -> Void)?,
    onError: (@isolated(any) (Swift.Error) -> Void)?,
    onDisposed: (@isolated(any) () -> Void)?, name: StaticString
  ) -> Disposable where Outcome.Element == Element {
    let onSuccess = Isolation.checked(onSuccess, name)
    let onEmpty = Isolation.checked(onEmpty, name)
    let onError = Isolation.checked(onError, name)
    let onDisposed = Isolation.checked(onDisposed, name)
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
