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

extension MaybeEvent: TraitEvent {
  init(first event: Event<Element>) {
    switch event {
    case .next(let element): self = .success(element)
    case .error(let error): self = .error(error)
    case .completed: self = .completed
    }
  }

  var result: Result<Element?, Swift.Error> {
    switch self {
    case .success(let element): .success(element)
    case .error(let error): .failure(error)
    case .completed: .success(nil)
    }
  }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
  /// The callback a `Maybe.create(subscribe:)` function reports its outcome to.
  public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

  /// Creates a maybe from a function called for each subscriber; the first outcome it reports
  /// wins, later ones are ignored.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public static func create(
    subscribe: @escaping @isolated(any) (@escaping MaybeObserver) -> Disposable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence.create(reporting: subscribe)
  }

  /// Subscribes with one callback for the outcome, called once: an element is reported without
  /// the completion that follows it.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    _ observer: @escaping @isolated(any) (MaybeEvent<Element>) -> Void
  ) -> Disposable {
    primitiveSequence.reportOutcome(to: observer, reportedAs: "subscribe(_:)")
  }

  /// Subscribes with closures for each outcome; `onDisposed` runs once, right after the outcome's
  /// closure, or when the subscription is disposed first.
  ///
  /// A failure with no `onError` goes to ``Hooks/unhandledError``.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe(
    onSuccess: (@isolated(any) (Element) -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) -> Void)? = nil,
    onCompleted: (@isolated(any) () -> Void)? = nil,
    onDisposed: (@isolated(any) () -> Void)? = nil
  ) -> Disposable {
    primitiveSequence.subscribeOutcome(
      as: MaybeEvent<Element>.self, onSuccess: onSuccess, onEmpty: onCompleted, onError: onError,
      onDisposed: onDisposed, name: "subscribe(onSuccess:onError:onCompleted:onDisposed:)")
  }

  /// Subscribes with closures that receive `object` while it is alive (held weakly); once it is
  /// gone, none of them runs.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func subscribe<Object: AnyObject>(
    with object: Object,
    onSuccess: (@isolated(any) (Object, Element) -> Void)? = nil,
    onError: (@isolated(any) (Object, Swift.Error) -> Void)? = nil,
    onCompleted: (@isolated(any) (Object) -> Void)? = nil,
    onDisposed: (@isolated(any) (Object) -> Void)? = nil
  ) -> Disposable {
    let callbacks = WeakObjectCallbacks(object, reportedAs: "subscribe(with:onSuccess:onError:onCompleted:onDisposed:)")
    return subscribe(
      onSuccess: callbacks.bind(onSuccess), onError: callbacks.bindIfPresent(onError),
      onCompleted: callbacks.bind(onCompleted), onDisposed: callbacks.bind(onDisposed))
  }

  /// A maybe that completes at once, empty.
  public static func empty() -> Maybe<Element> {
    Maybe(raw: Observable.empty())
  }

  /// Calls the closures for side effects, without changing the maybe; see
  /// ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``
  /// for their order. An element is followed by a completion, so `onCompleted` runs after
  /// `afterNext` too.
  ///
  /// Each closure runs in its own isolation or the call is reported: <doc:TheContract#Isolation>.
  public func `do`(
    onNext: (@isolated(any) (Element) throws -> Void)? = nil,
    afterNext: (@isolated(any) (Element) throws -> Void)? = nil,
    onError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    afterError: (@isolated(any) (Swift.Error) throws -> Void)? = nil,
    onCompleted: (@isolated(any) () throws -> Void)? = nil,
    afterCompleted: (@isolated(any) () throws -> Void)? = nil,
    onSubscribe: (@isolated(any) () -> Void)? = nil,
    onSubscribed: (@isolated(any) () -> Void)? = nil,
    onDispose: (@isolated(any) () -> Void)? = nil
  ) -> Maybe<Element> {
    Maybe(
      raw: primitiveSequence.source.do(
        onNext: onNext,
        afterNext: afterNext,
        onError: onError,
        afterError: afterError,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// A single with the element, or with `default` if the maybe completes empty.
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
  }

  /// The element, or the outcome of `other` (subscribed then) if the maybe completes empty.
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }

  /// The element, or the outcome of `other` (subscribed then) if the maybe completes empty.
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
  }
}
